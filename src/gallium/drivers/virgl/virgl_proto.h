/*
 * Facts of the virgl protocol (the command stream virglrenderer decodes on
 * the host, docs/virgl.md "Protocol"), as this driver uses them: command
 * and object numbers, packet sizes and field positions, the host's
 * numbers for formats, targets and bindings.  The values are the
 * protocol's (virglrenderer's virgl_protocol.h and virgl_hw.h document
 * them); the names are ours.  Grows with the driver.
 *
 * A command is one header dword, (payload dwords << 16) | (object << 8) |
 * command, then its payload.
 */
#ifndef VIRGL_PROTO_H
#define VIRGL_PROTO_H

#include <stdint.h>

static inline uint32_t
vp_header(uint32_t cmd, uint32_t obj, uint32_t len)
{
   return cmd | (obj << 8) | (len << 16);
}

/* largest payload of one command (16-bit length) */
#define VP_MAX_PAYLOAD 0xffffu

enum vp_cmd {
   VP_CMD_NOP = 0,
   VP_CMD_CREATE_OBJECT = 1,
   VP_CMD_BIND_OBJECT = 2,
   VP_CMD_DESTROY_OBJECT = 3,
   VP_CMD_SET_VIEWPORT_STATE = 4,
   VP_CMD_SET_FRAMEBUFFER_STATE = 5,
   VP_CMD_SET_VERTEX_BUFFERS = 6,
   VP_CMD_CLEAR = 7,
   VP_CMD_DRAW_VBO = 8,
   VP_CMD_RESOURCE_INLINE_WRITE = 9,
   VP_CMD_SET_SAMPLER_VIEWS = 10,
   VP_CMD_SET_INDEX_BUFFER = 11,
   VP_CMD_SET_CONSTANT_BUFFER = 12,
   VP_CMD_SET_STENCIL_REF = 13,
   VP_CMD_SET_BLEND_COLOR = 14,
   VP_CMD_SET_SCISSOR_STATE = 15,
   VP_CMD_BLIT = 16,
   VP_CMD_RESOURCE_COPY_REGION = 17,
   VP_CMD_BIND_SAMPLER_STATES = 18,
   VP_CMD_BEGIN_QUERY = 19,
   VP_CMD_END_QUERY = 20,
   VP_CMD_GET_QUERY_RESULT = 21,
   VP_CMD_SET_POLYGON_STIPPLE = 22,
   VP_CMD_SET_CLIP_STATE = 23,
   VP_CMD_SET_SAMPLE_MASK = 24,
   VP_CMD_SET_RENDER_CONDITION = 26,
   VP_CMD_SET_UNIFORM_BUFFER = 27,
   VP_CMD_BIND_SHADER = 31,
   VP_CMD_CLEAR_TEXTURE = 47,
};

enum vp_obj {
   VP_OBJ_NULL = 0,
   VP_OBJ_BLEND = 1,
   VP_OBJ_RASTERIZER = 2,
   VP_OBJ_DSA = 3,
   VP_OBJ_SHADER = 4,
   VP_OBJ_VERTEX_ELEMENTS = 5,
   VP_OBJ_SAMPLER_VIEW = 6,
   VP_OBJ_SAMPLER_STATE = 7,
   VP_OBJ_SURFACE = 8,
   VP_OBJ_QUERY = 9,
   VP_OBJ_STREAMOUT_TARGET = 10,
};

/* CREATE_OBJECT of a surface: handle, resource, format, then for a
 * texture the level and (first layer | last layer << 16) */
#define VP_SURFACE_SIZE 5
/* SET_FRAMEBUFFER_STATE: number of colour buffers, depth surface, colour
 * surfaces (0: none) */
#define VP_FRAMEBUFFER_SIZE(ncbufs) ((ncbufs) + 2)
/* CLEAR: buffers (VP_CLEAR_*), colour (4 words: float, int or uint bits),
 * depth (a double, low word first), stencil */
#define VP_CLEAR_SIZE 8
#define VP_CLEAR_DEPTH (1u << 0)
#define VP_CLEAR_STENCIL (1u << 1)
#define VP_CLEAR_COLOR0 (1u << 2)   /* colour buffer i: 1 << (2 + i) */

/* CREATE_OBJECT of a blend state: handle, S0 (independent blend 1 << 0,
 * logic op 1 << 1, alpha to coverage 1 << 3, alpha to one 1 << 4), S1
 * (logic op function), then per colour buffer i (8): enable 1 << 0, rgb
 * func << 1, rgb src << 4, rgb dst << 9, alpha func << 14, alpha src << 17,
 * alpha dst << 22, colour mask << 27 */
#define VP_BLEND_SIZE 11
#define VP_BLEND_COLORMASK(m) ((uint32_t)(m) << 27)
/* ... of a depth/stencil/alpha state: handle, S0 (depth enable 1 << 0,
 * write 1 << 1, func << 2, alpha enable 1 << 8, alpha func << 9), S1 and S2
 * (front and back stencil: enable 1 << 0, func << 1, fail << 4, zpass << 7,
 * zfail << 10, valuemask << 13, writemask << 21), alpha reference (float) */
#define VP_DSA_SIZE 5
/* ... of a rasterizer state: handle, S0 (below), point size (float),
 * sprite coordinate enables, S3 (line stipple, clip plane enables << 24),
 * line width, offset units, scale and clamp (floats) */
#define VP_RASTERIZER_SIZE 9
#define VP_RS_DEPTH_CLIP (1u << 1)
#define VP_RS_FLATSHADE_FIRST (1u << 4)
#define VP_RS_CULL_FACE(f) ((uint32_t)(f) << 8)        /* 1 front, 2 back, 3 both */
#define VP_RS_FILL_FRONT(m) ((uint32_t)(m) << 10)      /* 0 fill, 1 line, 2 point */
#define VP_RS_FILL_BACK(m) ((uint32_t)(m) << 12)
#define VP_RS_SCISSOR (1u << 14)
#define VP_RS_FRONT_CCW (1u << 15)
#define VP_RS_HALF_PIXEL_CENTER (1u << 29)
#define VP_RS_BOTTOM_EDGE_RULE (1u << 30)
/* ... of a shader: handle, stage, text length in bytes (with its NUL;
 * bit 31 marks a continuation), token count bound, stream output count
 * (0: nothing more), then the TGSI text, NUL-padded to whole dwords */
#define VP_SHADER_HEADER 5
#define VP_SHADER_CONTINUATION (1u << 31)
/* ... of vertex elements: handle, then per element its offset, instance
 * divisor, vertex buffer and format */
#define VP_VERTEX_ELEMENTS_SIZE(n) (4 * (n) + 1)
/* BIND_OBJECT: handle; BIND_SHADER: handle, stage */
#define VP_BIND_SHADER_SIZE 2
/* SET_VERTEX_BUFFERS: per buffer its stride, offset and resource */
#define VP_VERTEX_BUFFERS_SIZE(n) (3 * (n))
/* SET_VIEWPORT_STATE: first viewport, then per viewport scale x, y, z and
 * translate x, y, z (floats) */
#define VP_VIEWPORT_SIZE(n) (6 * (n) + 1)
/* DRAW_VBO: start, count, mode, indexed, instance count, index bias, start
 * instance, primitive restart, restart index, min index, max index, count
 * from stream output */
#define VP_DRAW_VBO_SIZE 12
/* SET_SCISSOR_STATE: first scissor, then per scissor minx | miny << 16,
 * maxx | maxy << 16; SET_BLEND_COLOR: 4 floats; SET_STENCIL_REF: front |
 * back << 8; SET_INDEX_BUFFER: resource, index size, offset (resource
 * alone, 0: none) */
#define VP_SCISSOR_SIZE(n) (2 * (n) + 1)
#define VP_BLEND_COLOR_SIZE 4
#define VP_STENCIL_REF_SIZE 1
#define VP_INDEX_BUFFER_SIZE 3

/* CREATE_OBJECT of a sampler state: handle, S0 (wrap s << 0, t << 3, r <<
 * 6, min filter << 9, mip filter << 11, mag filter << 13, compare mode <<
 * 15, compare func << 16, seamless cube map << 19, max anisotropy << 20),
 * LOD bias, min LOD, max LOD (floats), border colour (4 words).  There is
 * no normalized-coordinates bit: the host takes it from the view's target
 * (RECT: texel coordinates). */
#define VP_SAMPLER_STATE_SIZE 9
#define VP_SAMPLER_WRAP_S(w) ((uint32_t)(w) << 0)
#define VP_SAMPLER_WRAP_T(w) ((uint32_t)(w) << 3)
#define VP_SAMPLER_WRAP_R(w) ((uint32_t)(w) << 6)
#define VP_SAMPLER_MIN_FILTER(f) ((uint32_t)(f) << 9)
#define VP_SAMPLER_MIP_FILTER(f) ((uint32_t)(f) << 11)
#define VP_SAMPLER_MAG_FILTER(f) ((uint32_t)(f) << 13)
#define VP_SAMPLER_COMPARE_MODE (1u << 15)
#define VP_SAMPLER_COMPARE_FUNC(f) ((uint32_t)(f) << 16)
#define VP_SAMPLER_SEAMLESS_CUBE (1u << 19)
#define VP_SAMPLER_MAX_ANISOTROPY(a) ((uint32_t)((a) & 0x3f) << 20)
/* ... of a sampler view: handle, resource, format | target << 24, then for
 * a texture first layer | last layer << 16 and first level | last level <<
 * 8, for a buffer its first and last element; swizzle (r << 0, g << 3, b <<
 * 6, a << 9) */
#define VP_SAMPLER_VIEW_SIZE 6
#define VP_VIEW_FORMAT(format, target) ((uint32_t)(format) | (uint32_t)(target) << 24)
#define VP_VIEW_SWIZZLE(r, g, b, a) \
   ((uint32_t)(r) | (uint32_t)(g) << 3 | (uint32_t)(b) << 6 | (uint32_t)(a) << 9)
/* SET_SAMPLER_VIEWS and BIND_SAMPLER_STATES: stage, first slot, then a
 * handle per slot (0: none) */
#define VP_SAMPLER_SLOTS_SIZE(n) ((n) + 2)
/* SET_CONSTANT_BUFFER: stage, index (the host ignores it: the data is the
 * stage's default uniform block, constant buffer 0), then the data */
#define VP_CONSTANT_BUFFER_SIZE(ndw) ((ndw) + 2)
/* SET_UNIFORM_BUFFER: stage, index, offset, length in bytes, resource (0:
 * none) */
#define VP_UNIFORM_BUFFER_SIZE 5
/* RESOURCE_COPY_REGION: destination resource, level, x, y, z; source
 * resource, level, box x, y, z, width, height, depth */
#define VP_COPY_REGION_SIZE 13
/* BLIT: S0 (mask << 0 as PIPE_MASK_*, filter << 8, scissor enable << 10),
 * scissor minx | miny << 16, maxx | maxy << 16; destination resource,
 * level, format, box x, y, z, width, height, depth; the same of the source */
#define VP_BLIT_SIZE 21
#define VP_BLIT_FILTER(f) ((uint32_t)(f) << 8)
#define VP_BLIT_SCISSOR (1u << 10)
/* SET_SAMPLE_MASK: the mask; SET_CLIP_STATE: 8 planes of 4 floats;
 * SET_POLYGON_STIPPLE: 32 rows of 32 bits */
#define VP_SAMPLE_MASK_SIZE 1
#define VP_CLIP_STATE_SIZE 32
#define VP_POLYGON_STIPPLE_SIZE 32
/* CLEAR_TEXTURE (hosts with VP_CAP_CLEAR_TEXTURE): resource, level, box x,
 * y, z, width, height, depth, then one texel in the resource's layout (4
 * words, the host reads as many bytes as a texel has) */
#define VP_CLEAR_TEXTURE_SIZE 12

/* sampler wrap modes, filters and mip filters, compare functions and
 * swizzles: the protocol's numbers (Gallium's as the protocol fixed them) */
enum vp_wrap {
   VP_WRAP_REPEAT = 0,
   VP_WRAP_CLAMP = 1,
   VP_WRAP_CLAMP_TO_EDGE = 2,
   VP_WRAP_CLAMP_TO_BORDER = 3,
   VP_WRAP_MIRROR_REPEAT = 4,
   VP_WRAP_MIRROR_CLAMP = 5,
   VP_WRAP_MIRROR_CLAMP_TO_EDGE = 6,
   VP_WRAP_MIRROR_CLAMP_TO_BORDER = 7,
};
enum vp_filter {
   VP_FILTER_NEAREST = 0,
   VP_FILTER_LINEAR = 1,
};
enum vp_mipfilter {
   VP_MIPFILTER_NEAREST = 0,
   VP_MIPFILTER_LINEAR = 1,
   VP_MIPFILTER_NONE = 2,
};
enum vp_func {
   VP_FUNC_NEVER = 0,
   VP_FUNC_LESS = 1,
   VP_FUNC_EQUAL = 2,
   VP_FUNC_LEQUAL = 3,
   VP_FUNC_GREATER = 4,
   VP_FUNC_NOTEQUAL = 5,
   VP_FUNC_GEQUAL = 6,
   VP_FUNC_ALWAYS = 7,
};
enum vp_swizzle {
   VP_SWIZZLE_R = 0,
   VP_SWIZZLE_G = 1,
   VP_SWIZZLE_B = 2,
   VP_SWIZZLE_A = 3,
   VP_SWIZZLE_0 = 4,
   VP_SWIZZLE_1 = 5,
};

/* shader stages */
enum vp_stage {
   VP_STAGE_VERTEX = 0,
   VP_STAGE_FRAGMENT = 1,
   VP_STAGE_GEOMETRY = 2,
};

/* resource targets */
enum vp_target {
   VP_TARGET_BUFFER = 0,
   VP_TARGET_1D = 1,
   VP_TARGET_2D = 2,
   VP_TARGET_3D = 3,
   VP_TARGET_CUBE = 4,
   VP_TARGET_RECT = 5,
   VP_TARGET_1D_ARRAY = 6,
   VP_TARGET_2D_ARRAY = 7,
   VP_TARGET_CUBE_ARRAY = 8,
};

/* resource bindings */
#define VP_BIND_DEPTH_STENCIL (1u << 0)
#define VP_BIND_RENDER_TARGET (1u << 1)
#define VP_BIND_SAMPLER_VIEW (1u << 3)
#define VP_BIND_VERTEX_BUFFER (1u << 4)
#define VP_BIND_INDEX_BUFFER (1u << 5)
#define VP_BIND_CONSTANT_BUFFER (1u << 6)
#define VP_BIND_DISPLAY_TARGET (1u << 7)
#define VP_BIND_CUSTOM (1u << 17)

/* formats (the host's numbering) */
enum vp_format {
   VP_FORMAT_B8G8R8A8_UNORM = 1,
   VP_FORMAT_B8G8R8X8_UNORM = 2,
   VP_FORMAT_R8_UNORM = 64,
   VP_FORMAT_R8G8B8A8_UNORM = 67,
};

/* Queries.  CREATE_OBJECT of a query: handle, type | stream index << 16,
 * byte offset of its result in a buffer resource, that resource.  The host
 * writes a struct vp_query_state there when GET_QUERY_RESULT finds the
 * result available, at once or later (it keeps checking; with wait it
 * waits for the result).  BEGIN_QUERY / END_QUERY: handle.
 * GET_QUERY_RESULT: handle, wait.  SET_RENDER_CONDITION: query handle (0:
 * off), condition, mode (VP_RENDER_COND_*). */
#define VP_QUERY_SIZE 4
#define VP_QUERY_HANDLE_SIZE 1
#define VP_QUERY_RESULT_SIZE 2
#define VP_RENDER_CONDITION_SIZE 3
#define VP_RENDER_COND_WAIT 0
#define VP_RENDER_COND_NO_WAIT 1
/* the host's query types (Gallium-era numbers) */
#define VP_QUERY_OCCLUSION_COUNTER 0
#define VP_QUERY_OCCLUSION_PREDICATE 1
#define VP_QUERY_TIMESTAMP 2
#define VP_QUERY_TIME_ELAPSED 4
#define VP_QUERY_PRIMITIVES_GENERATED 5
#define VP_QUERY_PRIMITIVES_EMITTED 6
/* query_state of a result: the host writes DONE with the result */
#define VP_QUERY_STATE_NEW 0
#define VP_QUERY_STATE_DONE 1
struct vp_query_state {
   uint32_t query_state;
   uint32_t result_size;
   uint64_t result;
};

#endif
