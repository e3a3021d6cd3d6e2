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

#include "ff_state.h"
#include "st_gl.h"

struct st_context;
struct cso_context;
struct ff_shader_cache;

#define ST_MODELVIEW_STACK_DEPTH  32
#define ST_PROJECTION_STACK_DEPTH 4     /* GL 2.1 minimum is 2 */
#define ST_TEXTURE_STACK_DEPTH    4

/* Immediate-mode / converted vertex layout: four vec4s. */
enum st_vattr {
   ST_VATTR_POS,
   ST_VATTR_COLOR,
   ST_VATTR_NORMAL,
   ST_VATTR_TEX0,
   ST_VATTR_COUNT
};

struct st_vertex {
   float attr[ST_VATTR_COUNT][4];
};

struct st_client_array {
   bool enabled;
   GLint size;
   GLenum type;
   GLsizei stride;                  /* as given (0: tightly packed) */
   const void *ptr;
};

#define ST_MAX_LIGHTS      8
#define ST_MAX_CLIP_PLANES 6

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
};

struct st_draw_ctx {
   /* matrices: 0 modelview, 1 projection, 2 texture */
   GLenum matrix_mode;
   float mv_stack[ST_MODELVIEW_STACK_DEPTH][16];
   float proj_stack[ST_PROJECTION_STACK_DEPTH][16];
   float tex_stack[ST_TEXTURE_STACK_DEPTH][16];
   unsigned mv_depth, proj_depth, tex_depth;   /* index of the top */

   /* current values */
   float current[ST_VATTR_COUNT][4];   /* pos unused */

   /* glBegin/glEnd */
   GLenum begin_mode;
   struct st_vertex *verts;
   size_t num_verts, max_verts;
   bool out_of_memory;

   /* client arrays (indexed by st_vattr) */
   struct st_client_array array[ST_VATTR_COUNT];

   /* raster state */
   GLenum shade_model;
   GLenum cull_face;
   GLenum front_face;
   GLenum polygon_mode[2];             /* front, back */
   GLenum depth_func;
   GLenum blend_src_rgb, blend_dst_rgb, blend_src_alpha, blend_dst_alpha;
   GLenum blend_eq_rgb, blend_eq_alpha;

   /* fixed-function values (api_light.c) */
   struct st_lighting_vals lighting;
   struct st_fog_vals fog;
   float clip_plane[ST_MAX_CLIP_PLANES][4];   /* eye space; GL_TRANSFORM_BIT */

   /* pipe side */
   struct cso_context *cso;
   struct ff_shader_cache *ff_cache;
   void *bound_vs, *bound_fs;
};

bool st_draw_create(struct st_context *ctx);
void st_draw_destroy(struct st_context *ctx);

/* The matrix the current mode selects (top of its stack). */
float *st_current_matrix(struct st_context *ctx);

/* Draw vertices in the st_vertex layout with a GL primitive mode. */
void st_draw_vertices(struct st_context *ctx, GLenum mode, const struct st_vertex *v,
                      size_t count);

/* Fetch element i of the enabled client arrays into a vertex (current
 * values for disabled ones). */
void st_fetch_array_vertex(struct st_context *ctx, size_t i, struct st_vertex *out);

/* GL's initial lighting/fog/clip values (api_light.c). */
void st_light_init_defaults(struct st_draw_ctx *d);

bool st_is_valid_prim(GLenum mode);

/* Which st_vattr a glEnableClientState array is (-1: not one we keep). */
int st_client_array_index(GLenum array);
bool st_client_array_enabled(struct st_context *ctx, GLenum array);

#endif
