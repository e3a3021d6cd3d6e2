/*
 * Drawing: the draw-time validation step (rasterizer, depth-stencil-alpha
 * and blend state through the CSO cache, fixed-function shaders through
 * the ff cache, the ff constant buffer) and the draw of a vertex batch in
 * the st_vertex layout (glBegin/glEnd batches and client arrays converted
 * on the CPU).
 */
#include "st_draw.h"

#include <stdlib.h>
#include <string.h>

#include "cso/cso_cache.h"
#include "ff.h"
#include "pipe/p_context.h"
#include "pipe/p_defines.h"
#include "pipe/p_state.h"
#include "st_context.h"
#include "st_framebuffer.h"

static void
identity(float *m)
{
   memset(m, 0, 16 * sizeof(float));
   m[0] = m[5] = m[10] = m[15] = 1.0f;
}

/* Pipe shader CSOs live in the ff cache's driver_data. */
struct st_ff_shader {
   void *cso;
   bool fragment;
};

static void
release_shader(void *priv, struct ff_cached_shader *entry)
{
   struct st_context *ctx = priv;
   struct st_ff_shader *s = entry->driver_data;
   if (!s)
      return;
   if (s->cso) {
      if (s->fragment) {
         if (ctx->draw->bound_fs == s->cso) {
            ctx->pipe->bind_fs_state(ctx->pipe, NULL);
            ctx->draw->bound_fs = NULL;
         }
         ctx->pipe->delete_fs_state(ctx->pipe, s->cso);
      } else {
         if (ctx->draw->bound_vs == s->cso) {
            ctx->pipe->bind_vs_state(ctx->pipe, NULL);
            ctx->draw->bound_vs = NULL;
         }
         ctx->pipe->delete_vs_state(ctx->pipe, s->cso);
      }
   }
   free(s);
   entry->driver_data = NULL;
}

bool
st_draw_create(struct st_context *ctx)
{
   struct st_draw_ctx *d = calloc(1, sizeof *d);
   if (!d)
      return false;
   ctx->draw = d;
   d->matrix_mode = GL_MODELVIEW;
   identity(d->mv_stack[0]);
   identity(d->proj_stack[0]);
   identity(d->tex_stack[0]);
   for (unsigned i = 0; i < ST_VATTR_COUNT; i++)
      d->current[i][3] = 1.0f;
   d->current[ST_VATTR_COLOR][0] = d->current[ST_VATTR_COLOR][1] =
      d->current[ST_VATTR_COLOR][2] = 1.0f;
   d->current[ST_VATTR_NORMAL][2] = 1.0f;
   d->current[ST_VATTR_NORMAL][3] = 0.0f;
   d->begin_mode = GL_NONE;
   static const GLint sizes[ST_VATTR_COUNT] = { 4, 4, 3, 4 };
   for (unsigned i = 0; i < ST_VATTR_COUNT; i++) {
      d->array[i].size = sizes[i];
      d->array[i].type = GL_FLOAT;
   }
   d->shade_model = GL_SMOOTH;
   d->cull_face = GL_BACK;
   d->front_face = GL_CCW;
   d->polygon_mode[0] = d->polygon_mode[1] = GL_FILL;
   d->depth_func = GL_LESS;
   d->blend_src_rgb = d->blend_src_alpha = GL_ONE;
   d->blend_dst_rgb = d->blend_dst_alpha = GL_ZERO;
   d->blend_eq_rgb = d->blend_eq_alpha = GL_FUNC_ADD;
   st_light_init_defaults(d);

   d->cso = cso_create_context(ctx->pipe);
   d->ff_cache = ff_shader_cache_create(64, release_shader, ctx);
   if (!d->cso || !d->ff_cache) {
      st_draw_destroy(ctx);
      return false;
   }
   return true;
}

void
st_draw_destroy(struct st_context *ctx)
{
   struct st_draw_ctx *d = ctx->draw;
   if (!d)
      return;
   if (ctx->pipe->set_constant_buffer) {
      ctx->pipe->set_constant_buffer(ctx->pipe, PIPE_SHADER_VERTEX, FF_CBUF_INDEX, NULL);
      ctx->pipe->set_constant_buffer(ctx->pipe, PIPE_SHADER_FRAGMENT, FF_CBUF_INDEX, NULL);
   }
   if (d->bound_vs)
      ctx->pipe->bind_vs_state(ctx->pipe, NULL);
   if (d->bound_fs)
      ctx->pipe->bind_fs_state(ctx->pipe, NULL);
   d->bound_vs = d->bound_fs = NULL;
   if (d->ff_cache)
      ff_shader_cache_destroy(d->ff_cache);
   if (d->cso)
      cso_destroy_context(d->cso);
   free(d->verts);
   free(d);
   ctx->draw = NULL;
}

float *
st_current_matrix(struct st_context *ctx)
{
   struct st_draw_ctx *d = ctx->draw;
   switch (d->matrix_mode) {
   case GL_PROJECTION:
      return d->proj_stack[d->proj_depth];
   case GL_TEXTURE:
      return d->tex_stack[d->tex_depth];
   default:
      return d->mv_stack[d->mv_depth];
   }
}

bool
st_is_valid_prim(GLenum mode)
{
   return mode <= GL_POLYGON;   /* GL_POINTS (0) .. GL_POLYGON (9) */
}

/* --- state translation ------------------------------------------------------ */

static unsigned
pipe_func(GLenum f)
{
   return f >= GL_NEVER && f <= GL_ALWAYS ? f - GL_NEVER : PIPE_FUNC_LESS;
}

static unsigned
pipe_fill(GLenum m)
{
   return m == GL_POINT ? PIPE_POLYGON_MODE_POINT
        : m == GL_LINE ? PIPE_POLYGON_MODE_LINE : PIPE_POLYGON_MODE_FILL;
}

static unsigned
pipe_blendfactor(GLenum f)
{
   switch (f) {
   case GL_ZERO: return PIPE_BLENDFACTOR_ZERO;
   case GL_SRC_COLOR: return PIPE_BLENDFACTOR_SRC_COLOR;
   case GL_ONE_MINUS_SRC_COLOR: return PIPE_BLENDFACTOR_INV_SRC_COLOR;
   case GL_SRC_ALPHA: return PIPE_BLENDFACTOR_SRC_ALPHA;
   case GL_ONE_MINUS_SRC_ALPHA: return PIPE_BLENDFACTOR_INV_SRC_ALPHA;
   case GL_DST_COLOR: return PIPE_BLENDFACTOR_DST_COLOR;
   case GL_ONE_MINUS_DST_COLOR: return PIPE_BLENDFACTOR_INV_DST_COLOR;
   case GL_DST_ALPHA: return PIPE_BLENDFACTOR_DST_ALPHA;
   case GL_ONE_MINUS_DST_ALPHA: return PIPE_BLENDFACTOR_INV_DST_ALPHA;
   case GL_CONSTANT_COLOR: return PIPE_BLENDFACTOR_CONST_COLOR;
   case GL_ONE_MINUS_CONSTANT_COLOR: return PIPE_BLENDFACTOR_INV_CONST_COLOR;
   case GL_CONSTANT_ALPHA: return PIPE_BLENDFACTOR_CONST_ALPHA;
   case GL_ONE_MINUS_CONSTANT_ALPHA: return PIPE_BLENDFACTOR_INV_CONST_ALPHA;
   case GL_SRC_ALPHA_SATURATE: return PIPE_BLENDFACTOR_SRC_ALPHA_SATURATE;
   default: return PIPE_BLENDFACTOR_ONE;
   }
}

static unsigned
pipe_blendfunc(GLenum e)
{
   switch (e) {
   case GL_FUNC_SUBTRACT: return PIPE_BLEND_SUBTRACT;
   case GL_FUNC_REVERSE_SUBTRACT: return PIPE_BLEND_REVERSE_SUBTRACT;
   case GL_MIN: return PIPE_BLEND_MIN;
   case GL_MAX: return PIPE_BLEND_MAX;
   default: return PIPE_BLEND_ADD;
   }
}

static void
update_cso_state(struct st_context *ctx)
{
   struct st_draw_ctx *d = ctx->draw;

   struct pipe_rasterizer_state rs;
   memset(&rs, 0, sizeof rs);
   rs.flatshade = d->shade_model == GL_FLAT;
   rs.clamp_vertex_color = 1;
   rs.clamp_fragment_color = 1;
   /* The viewport flips y (top-down window buffers), which flips winding. */
   rs.front_ccw = d->front_face != GL_CCW;
   if (st_is_enabled(ctx, ST_CAP_CULL_FACE))
      rs.cull_face = d->cull_face == GL_FRONT ? PIPE_FACE_FRONT
                   : d->cull_face == GL_BACK ? PIPE_FACE_BACK : PIPE_FACE_FRONT_AND_BACK;
   rs.fill_front = pipe_fill(d->polygon_mode[0]);
   rs.fill_back = pipe_fill(d->polygon_mode[1]);
   rs.scissor = st_is_enabled(ctx, ST_CAP_SCISSOR_TEST);
   rs.half_pixel_center = 1;
   rs.bottom_edge_rule = 1;
   rs.depth_clip_near = rs.depth_clip_far = 1;
   for (unsigned i = 0; i < 6; i++)
      if (st_is_enabled(ctx, (enum st_cap)(ST_CAP_CLIP_PLANE0 + i)))
         rs.clip_plane_enable |= 1u << i;
   /* two-sided lighting: back-facing polygons take the back colours */
   rs.light_twoside = st_is_enabled(ctx, ST_CAP_LIGHTING) && d->lighting.two_side;
   rs.line_width = 1.0f;
   rs.point_size = 1.0f;
   cso_set_rasterizer(d->cso, &rs);

   struct pipe_depth_stencil_alpha_state dsa;
   memset(&dsa, 0, sizeof dsa);
   if (st_is_enabled(ctx, ST_CAP_DEPTH_TEST) && ctx->draw_fb.visual.depth_stencil_format) {
      dsa.depth_enabled = 1;
      dsa.depth_writemask = ctx->depth.mask ? 1 : 0;
      dsa.depth_func = pipe_func(d->depth_func);
   }
   cso_set_depth_stencil_alpha(d->cso, &dsa);

   struct pipe_blend_state bl;
   memset(&bl, 0, sizeof bl);
   for (unsigned i = 0; i < 4; i++)
      if (ctx->color.color_mask[i])
         bl.rt[0].colormask |= 1u << i;
   if (st_is_enabled(ctx, ST_CAP_BLEND)) {
      bl.rt[0].blend_enable = 1;
      bl.rt[0].rgb_func = pipe_blendfunc(d->blend_eq_rgb);
      bl.rt[0].alpha_func = pipe_blendfunc(d->blend_eq_alpha);
      bl.rt[0].rgb_src_factor = pipe_blendfactor(d->blend_src_rgb);
      bl.rt[0].rgb_dst_factor = pipe_blendfactor(d->blend_dst_rgb);
      bl.rt[0].alpha_src_factor = pipe_blendfactor(d->blend_src_alpha);
      bl.rt[0].alpha_dst_factor = pipe_blendfactor(d->blend_dst_alpha);
   }
   cso_set_blend(d->cso, &bl);
}

static void *
shader_cso(struct st_context *ctx, struct ff_cached_shader *e, bool fragment)
{
   struct st_ff_shader *s = e->driver_data;
   if (!s) {
      s = calloc(1, sizeof *s);
      if (!s)
         return NULL;
      struct pipe_shader_state templ;
      memset(&templ, 0, sizeof templ);
      templ.type = PIPE_SHADER_IR_PONY;
      templ.ir = e->ir;
      s->fragment = fragment;
      s->cso = fragment ? ctx->pipe->create_fs_state(ctx->pipe, &templ)
                        : ctx->pipe->create_vs_state(ctx->pipe, &templ);
      e->driver_data = s;
   }
   return s->cso;
}

/* Validate shaders and constants; false if drawing is impossible. */
static bool
update_shaders(struct st_context *ctx, uint32_t *inputs)
{
   struct st_draw_ctx *d = ctx->draw;
   struct ff_state *st = malloc(sizeof *st);
   float *consts = malloc(FF_CONSTANTS_SIZE);
   bool ok = false;
   if (!st || !consts)
      goto out;
   ff_state_init_defaults(st);
   memcpy(st->modelview, d->mv_stack[d->mv_depth], sizeof st->modelview);
   memcpy(st->projection, d->proj_stack[d->proj_depth], sizeof st->projection);
   memcpy(st->unit[0].matrix, d->tex_stack[d->tex_depth], sizeof st->unit[0].matrix);
   /* Texture units stay off: no texture object can be complete yet. */
   st->normalize = st_is_enabled(ctx, ST_CAP_NORMALIZE);
   st->rescale_normal = st_is_enabled(ctx, ST_CAP_RESCALE_NORMAL);
   st->lighting = st_is_enabled(ctx, ST_CAP_LIGHTING);
   const struct st_lighting_vals *l = &d->lighting;
   for (unsigned i = 0; i < ST_MAX_LIGHTS && i < FF_MAX_LIGHTS; i++) {
      st->light[i] = l->light[i];
      st->light[i].enabled = st_is_enabled(ctx, (enum st_cap)(ST_CAP_LIGHT0 + i));
   }
   st->material[0] = l->material[0];
   st->material[1] = l->material[1];
   memcpy(st->light_model_ambient, l->model_ambient, sizeof st->light_model_ambient);
   st->light_model_two_side = l->two_side;
   st->light_model_local_viewer = l->local_viewer;
   st->separate_specular = l->color_control == GL_SEPARATE_SPECULAR_COLOR;
   st->color_material = st_is_enabled(ctx, ST_CAP_COLOR_MATERIAL);
   st->color_material_face = l->cm_face == GL_FRONT ? FF_FACE_FRONT :
                             l->cm_face == GL_BACK ? FF_FACE_BACK : FF_FACE_FRONT_AND_BACK;
   switch (l->cm_mode) {
   case GL_EMISSION: st->color_material_mode = FF_CM_EMISSION; break;
   case GL_AMBIENT: st->color_material_mode = FF_CM_AMBIENT; break;
   case GL_DIFFUSE: st->color_material_mode = FF_CM_DIFFUSE; break;
   case GL_SPECULAR: st->color_material_mode = FF_CM_SPECULAR; break;
   default: st->color_material_mode = FF_CM_AMBIENT_AND_DIFFUSE; break;
   }
   st->color_sum = st_is_enabled(ctx, ST_CAP_COLOR_SUM);
   st->fog = st_is_enabled(ctx, ST_CAP_FOG);
   st->fog_mode = d->fog.mode == GL_LINEAR ? FF_FOG_LINEAR :
                  d->fog.mode == GL_EXP2 ? FF_FOG_EXP2 : FF_FOG_EXP;
   st->fog_source = FF_FOG_SRC_FRAGMENT_DEPTH;   /* no glFogCoord (GL 1.4) yet */
   memcpy(st->fog_color, d->fog.color, sizeof st->fog_color);
   st->fog_density = d->fog.density;
   st->fog_start = d->fog.start;
   st->fog_end = d->fog.end;
   st->clip_plane_enable = 0;
   for (unsigned i = 0; i < ST_MAX_CLIP_PLANES; i++) {
      memcpy(st->clip_plane[i], d->clip_plane[i], sizeof st->clip_plane[i]);
      if (st_is_enabled(ctx, (enum st_cap)(ST_CAP_CLIP_PLANE0 + i)))
         st->clip_plane_enable |= 1u << i;
   }

   struct ff_vs_key vk;
   struct ff_fs_key fk;
   ff_vs_key_from_state(st, &vk);
   ff_fs_key_from_state(st, &fk);
   struct ff_cached_shader *vs = ff_shader_cache_get_vs(d->ff_cache, &vk);
   struct ff_cached_shader *fs = ff_shader_cache_get_fs(d->ff_cache, &fk);
   void *vcso = vs ? shader_cso(ctx, vs, false) : NULL;
   void *fcso = fs ? shader_cso(ctx, fs, true) : NULL;
   if (!vcso || !fcso)
      goto out;
   if (d->bound_vs != vcso) {
      ctx->pipe->bind_vs_state(ctx->pipe, vcso);
      d->bound_vs = vcso;
   }
   if (d->bound_fs != fcso) {
      ctx->pipe->bind_fs_state(ctx->pipe, fcso);
      d->bound_fs = fcso;
   }
   *inputs = ff_shader_input_mask(vs->ir);

   ff_constants_fill(st, consts);
   struct pipe_constant_buffer cb;
   memset(&cb, 0, sizeof cb);
   cb.buffer_size = FF_CONSTANTS_SIZE;
   cb.user_buffer = consts;
   ctx->pipe->set_constant_buffer(ctx->pipe, PIPE_SHADER_VERTEX, FF_CBUF_INDEX, &cb);
   ctx->pipe->set_constant_buffer(ctx->pipe, PIPE_SHADER_FRAGMENT, FF_CBUF_INDEX, &cb);
   ok = true;
out:
   free(st);
   free(consts);   /* user constant buffers are copied by the driver */
   return ok;
}

void
st_draw_vertices(struct st_context *ctx, GLenum mode, const struct st_vertex *v, size_t count)
{
   struct pipe_context *pipe = ctx->pipe;
   if (!count)
      return;
   if (!ctx->draw_fb.iface) {
      /* surfaceless: the default framebuffer is incomplete (as glClear) */
      st_error(ctx, GL_INVALID_FRAMEBUFFER_OPERATION, "draw");
      return;
   }
   if (!pipe->draw_vbo || !pipe->create_vs_state || !pipe->create_fs_state ||
       !pipe->bind_vs_state || !pipe->bind_fs_state || !pipe->delete_vs_state ||
       !pipe->delete_fs_state || !pipe->set_constant_buffer || !pipe->set_vertex_buffers)
      return;
   if (count > UINT32_MAX) {
      st_error(ctx, GL_OUT_OF_MEMORY, "draw");
      return;
   }
   st_validate(ctx, ST_NEW_ALL);
   if (!ctx->draw_fb.validated)
      return;
   update_cso_state(ctx);
   uint32_t inputs = 0;
   if (!update_shaders(ctx, &inputs)) {
      st_error(ctx, GL_OUT_OF_MEMORY, "draw");
      return;
   }

   /* vertex element i feeds FF_ATTRIB location i */
   static const struct { unsigned loc; enum st_vattr attr; } map[] = {
      { FF_ATTRIB_POS, ST_VATTR_POS },
      { FF_ATTRIB_NORMAL, ST_VATTR_NORMAL },
      { FF_ATTRIB_COLOR0, ST_VATTR_COLOR },
      { FF_ATTRIB_TEX0, ST_VATTR_TEX0 },
   };
   struct pipe_vertex_element ve[FF_NUM_ATTRIBS];
   memset(ve, 0, sizeof ve);
   unsigned num_ve = 1;
   for (unsigned i = 0; i < FF_NUM_ATTRIBS; i++) {
      ve[i].src_format = PIPE_FORMAT_R32G32B32A32_FLOAT;
      if (inputs & (1u << i))
         num_ve = i + 1;
   }
   for (unsigned i = 0; i < sizeof map / sizeof map[0]; i++)
      ve[map[i].loc].src_offset = (uint16_t)(map[i].attr * 4 * sizeof(float));
   if (cso_set_vertex_elements(ctx->draw->cso, num_ve, ve) != PIPE_OK) {
      st_error(ctx, GL_OUT_OF_MEMORY, "draw");
      return;
   }

   struct pipe_vertex_buffer vb;
   memset(&vb, 0, sizeof vb);
   vb.stride = sizeof(struct st_vertex);
   vb.is_user_buffer = true;
   vb.buffer.user = v;
   pipe->set_vertex_buffers(pipe, 0, 1, &vb);

   struct pipe_draw_info info;
   memset(&info, 0, sizeof info);
   info.mode = (enum pipe_prim_type)mode;   /* GL and pipe primitive numbers agree (0..9) */
   info.instance_count = 1;
   info.max_index = ~0u;
   struct pipe_draw_start_count_bias sc = { 0, (unsigned)count, 0 };
   pipe->draw_vbo(pipe, &info, &sc, 1);

   pipe->set_vertex_buffers(pipe, 0, 1, NULL);
   enum st_attachment a[2];
   unsigned n = st_framebuffer_buffers(&ctx->draw_fb.visual, ctx->color.draw_buffer, a);
   for (unsigned i = 0; i < n; i++)
      ctx->front_dirty |= a[i] == ST_ATTACHMENT_FRONT_LEFT;
}

/* --- client arrays ---------------------------------------------------------- */

static size_t
type_size(GLenum type)
{
   switch (type) {
   case GL_BYTE: case GL_UNSIGNED_BYTE: return 1;
   case GL_SHORT: case GL_UNSIGNED_SHORT: return 2;
   case GL_INT: case GL_UNSIGNED_INT: case GL_FLOAT: return 4;
   case GL_DOUBLE: return 8;
   default: return 4;
   }
}

static float
read_component(const uint8_t *p, GLenum type, bool normalized)
{
   switch (type) {
   case GL_BYTE: { int8_t v; memcpy(&v, p, 1);
      return normalized ? (2.0f * v + 1.0f) / 255.0f : (float)v; }
   case GL_UNSIGNED_BYTE: return normalized ? p[0] / 255.0f : (float)p[0];
   case GL_SHORT: { int16_t v; memcpy(&v, p, 2);
      return normalized ? (2.0f * v + 1.0f) / 65535.0f : (float)v; }
   case GL_UNSIGNED_SHORT: { uint16_t v; memcpy(&v, p, 2);
      return normalized ? v / 65535.0f : (float)v; }
   case GL_INT: { int32_t v; memcpy(&v, p, 4);
      return normalized ? (float)((2.0 * v + 1.0) / 4294967295.0) : (float)v; }
   case GL_UNSIGNED_INT: { uint32_t v; memcpy(&v, p, 4);
      return normalized ? (float)(v / 4294967295.0) : (float)v; }
   case GL_DOUBLE: { double v; memcpy(&v, p, 8); return (float)v; }
   default: { float v; memcpy(&v, p, 4); return v; }
   }
}

void
st_fetch_array_vertex(struct st_context *ctx, size_t i, struct st_vertex *out)
{
   struct st_draw_ctx *d = ctx->draw;
   for (unsigned a = 0; a < ST_VATTR_COUNT; a++) {
      const struct st_client_array *arr = &d->array[a];
      if (!arr->enabled || !arr->ptr) {
         memcpy(out->attr[a], d->current[a], sizeof out->attr[a]);
         continue;
      }
      size_t csize = type_size(arr->type);
      size_t stride = arr->stride ? (size_t)arr->stride : csize * (size_t)arr->size;
      const uint8_t *p = (const uint8_t *)arr->ptr + stride * i;
      float v[4] = { 0, 0, 0, 1 };
      bool norm = a == ST_VATTR_COLOR || a == ST_VATTR_NORMAL;
      for (int c = 0; c < arr->size && c < 4; c++)
         v[c] = read_component(p + csize * (size_t)c, arr->type, norm);
      if (a == ST_VATTR_NORMAL)
         v[3] = 0.0f;
      memcpy(out->attr[a], v, sizeof v);
   }
}

int
st_client_array_index(GLenum array)
{
   switch (array) {
   case GL_VERTEX_ARRAY: return ST_VATTR_POS;
   case GL_COLOR_ARRAY: return ST_VATTR_COLOR;
   case GL_NORMAL_ARRAY: return ST_VATTR_NORMAL;
   case GL_TEXTURE_COORD_ARRAY: return ST_VATTR_TEX0;
   default: return -1;
   }
}

bool
st_client_array_enabled(struct st_context *ctx, GLenum array)
{
   int i = st_client_array_index(array);
   return i >= 0 && ctx->draw && ctx->draw->array[i].enabled;
}
