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

#endif
