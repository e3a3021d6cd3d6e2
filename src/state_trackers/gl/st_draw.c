/*
 * Drawing: the draw-time validation step (rasterizer, depth-stencil-alpha
 * and blend state through the CSO cache, fixed-function shaders through
 * the ff cache, the ff constant buffer) and the draw of a vertex batch in
 * the st_vertex layout (glBegin/glEnd batches and client arrays converted
 * on the CPU).
 */
#include "st_draw.h"
#include "st_xfb.h"

#include <stdlib.h>
#include <string.h>

#include "cso/cso_cache.h"
#include "ff.h"
#include "format/u_format.h"
#include "pipe/p_context.h"
#include "pipe/p_defines.h"
#include "pipe/p_state.h"
#include "st_arbprog.h"
#include "st_atifs.h"
#include "st_clamp.h"
#include "st_context.h"
#include "st_dlist.h"
#include "st_fbo.h"
#include "st_framebuffer.h"
#include "st_glsl.h"
#include "st_texture.h"

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
   st_names_init(&d->vaos);
   st_vao_init(&d->default_vao, 0);
   d->vao = &d->default_vao;
   d->matrix_mode = GL_MODELVIEW;
   identity(d->mv_stack[0]);
   identity(d->proj_stack[0]);
   for (unsigned u = 0; u < FF_MAX_TEXTURE_UNITS; u++)
      identity(d->tex_stack[u][0]);
   for (unsigned i = 0; i < ST_ARBPROG_MATRICES; i++)
      identity(d->prog_stack[i][0]);
   for (unsigned i = 0; i < ST_VATTR_COUNT; i++)
      d->current[i][3] = 1.0f;
   d->current[ST_VATTR_COLOR][0] = d->current[ST_VATTR_COLOR][1] =
      d->current[ST_VATTR_COLOR][2] = 1.0f;
   d->current[ST_VATTR_NORMAL][2] = 1.0f;
   d->current[ST_VATTR_NORMAL][3] = 0.0f;
   d->begin_mode = GL_NONE;
   d->current[ST_VATTR_COLOR1][3] = 1.0f;        /* (0, 0, 0, 1) */
   d->current[ST_VATTR_FOG][3] = 1.0f;           /* fog coordinate 0 */
   d->current[ST_VATTR_EDGEFLAG][0] = 1.0f;      /* GL_TRUE */
   d->shade_model = GL_SMOOTH;
   d->provoking_vertex = GL_LAST_VERTEX_CONVENTION;
   d->cull_face = GL_BACK;
   d->front_face = GL_CCW;
   d->polygon_mode[0] = d->polygon_mode[1] = GL_FILL;
   d->depth_func = GL_LESS;
   for (unsigned i = 0; i < ST_MAX_BLEND_BUFFERS; i++) {
      struct st_blend_func *b = &d->blend[i];
      b->src_rgb = b->src_alpha = GL_ONE;
      b->dst_rgb = b->dst_alpha = GL_ZERO;
      b->eq_rgb = b->eq_alpha = GL_FUNC_ADD;
   }
   st_light_init_defaults(d);
   st_frag_init_defaults(&d->frag);
   d->frag.point_max = st_frag_max_point_size(ctx);
   st_select_init(&d->select);

   d->cso = cso_create_context(ctx->pipe);
   d->ff_cache = ff_shader_cache_create(64, release_shader, ctx);
   d->ff_scratch = malloc(sizeof *d->ff_scratch);
   d->ff_consts = malloc(FF_CONSTANTS_SIZE);
   d->draw_consts = malloc(FF_CONSTANTS_SIZE);
   d->draw_consts_state = malloc(sizeof *d->draw_consts_state);
   if (!d->cso || !d->ff_cache || !d->ff_scratch || !d->ff_consts || !d->draw_consts ||
       !d->draw_consts_state) {
      st_draw_destroy(ctx);
      return false;
   }
   return true;
}

void
st_set_constant_buffer(struct st_context *ctx, enum pipe_shader_type stage, unsigned index,
                       const struct pipe_constant_buffer *cb)
{
   struct st_draw_ctx *d = ctx->draw;
   if (d && index == FF_CBUF_INDEX && (stage == PIPE_SHADER_VERTEX || stage == PIPE_SHADER_FRAGMENT))
      d->draw_consts_bound[stage == PIPE_SHADER_FRAGMENT] = false;
   ctx->pipe->set_constant_buffer(ctx->pipe, stage, index, cb);
}

void
st_draw_destroy(struct st_context *ctx)
{
   struct st_draw_ctx *d = ctx->draw;
   if (!d)
      return;
   if (ctx->pipe->set_constant_buffer) {
      st_set_constant_buffer(ctx, PIPE_SHADER_VERTEX, FF_CBUF_INDEX, NULL);
      st_set_constant_buffer(ctx, PIPE_SHADER_FRAGMENT, FF_CBUF_INDEX, NULL);
   }
   if (d->bound_vs)
      ctx->pipe->bind_vs_state(ctx->pipe, NULL);
   if (d->bound_fs)
      ctx->pipe->bind_fs_state(ctx->pipe, NULL);
   if (d->bound_gs)
      ctx->pipe->bind_gs_state(ctx->pipe, NULL);
   d->bound_vs = d->bound_fs = d->bound_gs = NULL;
   for (unsigned i = 0; i < 2; i++) {
      if (d->pix_fs[i])
         ctx->pipe->delete_fs_state(ctx->pipe, d->pix_fs[i]);
      if (d->pix_fs_ir[i])
         ir_shader_destroy(d->pix_fs_ir[i]);
   }
   st_query_fini(ctx);   /* pipe queries go before the pipe context */
   if (d->ff_cache)
      ff_shader_cache_destroy(d->ff_cache);
   if (d->cso)
      cso_destroy_context(d->cso);
   st_client_arrays_release(ctx);   /* buffer references (st_array.c) */
   free(d->verts);
   free(d->ff_scratch);
   free(d->ff_consts);
   free(d->draw_consts);
   free(d->draw_consts_state);
   free(d);
   ctx->draw = NULL;
}

unsigned
st_draw_matrix_unit(const struct st_context *ctx)
{
   unsigned u = ctx->texture.active_unit;
   return u < FF_MAX_TEXTURE_UNITS ? u : 0;
}

float *
st_current_matrix(struct st_context *ctx)
{
   struct st_draw_ctx *d = ctx->draw;
   switch (d->matrix_mode) {
   case GL_PROJECTION:
      return d->proj_stack[d->proj_depth];
   case GL_TEXTURE:
      return d->tex_stack[st_draw_matrix_unit(ctx)][d->tex_depth[st_draw_matrix_unit(ctx)]];
   case GL_MODELVIEW:
      return d->mv_stack[d->mv_depth];
   default:   /* GL_MATRIXi_ARB (api_matrix.c accepts only those) */
      return st_arbprog_matrix(ctx, d->matrix_mode - GL_MATRIX0_ARB);
   }
}

/* GLES 1 point size array enabled (GL_POINT_SIZE_ARRAY_OES): sizes per vertex. */
bool
st_point_size_array(struct st_context *ctx)
{
   return ctx->profile == ST_PROFILE_GLES1 && ctx->draw->vao->array[ST_VATTR_POINTSIZE].enabled;
}

int
st_vattr_for_ff_attrib(unsigned loc)
{
   switch (loc) {
   case FF_ATTRIB_POS: return ST_VATTR_POS;
   case FF_ATTRIB_NORMAL: return ST_VATTR_NORMAL;
   case FF_ATTRIB_COLOR0: return ST_VATTR_COLOR;
   case FF_ATTRIB_COLOR1: return ST_VATTR_COLOR1;
   case FF_ATTRIB_FOG: return ST_VATTR_FOG;
   case FF_ATTRIB_POINTSIZE: return ST_VATTR_POINTSIZE;
   default:
      if (loc >= FF_ATTRIB_TEX0 && loc < FF_ATTRIB_TEX0 + FF_MAX_TEXTURE_UNITS)
         return (int)(ST_VATTR_TEX0 + (loc - FF_ATTRIB_TEX0));
      return -1;
   }
}

int
st_vattr_for_input(unsigned loc)
{
   if (loc < FF_NUM_ATTRIBS)
      return st_vattr_for_ff_attrib(loc);
   /* generic n at 16 + n (glsl_compiler.h, arbprog.h); 16 itself is never
    * an input: generic 0 is the position, location 0 */
   if (loc > FF_NUM_ATTRIBS && loc < FF_NUM_ATTRIBS + 16)
      return (int)(ST_VATTR_GENERIC0 + (loc - FF_NUM_ATTRIBS));
   return -1;
}

/* GL: GL_POINTS (0) .. GL_POLYGON (9); ES 1.1 has no quads or polygons
 * (ES 1.1, 2.6.1): GL_POINTS .. GL_TRIANGLE_FAN (6). */
bool
st_is_valid_prim(const struct st_context *ctx, GLenum mode)
{
   /* GL 3.2 (section 2.6.1) adds the four primitives with adjacency */
   if (st_desktop(ctx) && ctx->version >= 32 && mode >= GL_LINES_ADJACENCY &&
       mode <= GL_TRIANGLE_STRIP_ADJACENCY)
      return true;
   return mode <= (ctx->profile == ST_PROFILE_GLES1 ? GL_TRIANGLE_FAN : GL_POLYGON);
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
   case GL_SRC1_COLOR: return PIPE_BLENDFACTOR_SRC1_COLOR;
   case GL_ONE_MINUS_SRC1_COLOR: return PIPE_BLENDFACTOR_INV_SRC1_COLOR;
   case GL_SRC1_ALPHA: return PIPE_BLENDFACTOR_SRC1_ALPHA;
   case GL_ONE_MINUS_SRC1_ALPHA: return PIPE_BLENDFACTOR_INV_SRC1_ALPHA;
   default: return PIPE_BLENDFACTOR_ONE;
   }
}

/* A blend factor reading the destination alpha, for a colour buffer whose
 * stored alpha is not GL's (st_fb_draw_dst_alpha): a missing alpha is 1
 * (GL 2.1 4.1.8), an intensity buffer's alpha is its I, kept in R. */
static unsigned
fix_dst_alpha(unsigned f, enum st_fb_dst_alpha da, bool rgb)
{
   if (da == ST_FB_DST_ALPHA_ONE) {
      if (f == PIPE_BLENDFACTOR_DST_ALPHA)
         return PIPE_BLENDFACTOR_ONE;
      if (f == PIPE_BLENDFACTOR_INV_DST_ALPHA)
         return PIPE_BLENDFACTOR_ZERO;
      if (f == PIPE_BLENDFACTOR_SRC_ALPHA_SATURATE && rgb)
         return PIPE_BLENDFACTOR_ZERO;   /* min(As, 1 - Ad) with Ad = 1 */
   } else if (da == ST_FB_DST_ALPHA_RED) {
      if (f == PIPE_BLENDFACTOR_DST_ALPHA)
         return PIPE_BLENDFACTOR_DST_COLOR;   /* R's factor is I */
      if (f == PIPE_BLENDFACTOR_INV_DST_ALPHA)
         return PIPE_BLENDFACTOR_INV_DST_COLOR;
   }
   return f;
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

static unsigned
pipe_stencil_op(GLenum op)
{
   switch (op) {
   case GL_ZERO: return PIPE_STENCIL_OP_ZERO;
   case GL_REPLACE: return PIPE_STENCIL_OP_REPLACE;
   case GL_INCR: return PIPE_STENCIL_OP_INCR;
   case GL_DECR: return PIPE_STENCIL_OP_DECR;
   case GL_INCR_WRAP: return PIPE_STENCIL_OP_INCR_WRAP;
   case GL_DECR_WRAP: return PIPE_STENCIL_OP_DECR_WRAP;
   case GL_INVERT: return PIPE_STENCIL_OP_INVERT;
   default: return PIPE_STENCIL_OP_KEEP;
   }
}

/* Is the draw framebuffer's y flipped (window-system buffers store the top
 * row first)?  Framebuffer objects are not. */
static bool
draw_fb_flipped(const struct st_context *ctx)
{
   return !st_fb_draw_is_fbo(ctx);
}

static void
update_cso_state(struct st_context *ctx)
{
   struct st_draw_ctx *d = ctx->draw;
   const struct st_frag_vals *f = &d->frag;
   GLint rgba_bits[4], depth_bits, stencil_bits;
   st_fb_draw_bits(ctx, rgba_bits, &depth_bits, &stencil_bits);
   bool flip = draw_fb_flipped(ctx);

   struct pipe_rasterizer_state rs;
   memset(&rs, 0, sizeof rs);
   rs.flatshade = d->shade_model == GL_FLAT;
   rs.flatshade_first = d->provoking_vertex == GL_FIRST_VERTEX_CONVENTION;
   /* ARB_color_buffer_float: draw clamps the vertex colours, the driver
    * the fragment colours (st_clamp.h resolves FIXED_ONLY) */
   bool frag_clamp = st_clamp_fragment_color(ctx);
   rs.clamp_vertex_color = st_clamp_vertex_color(ctx);
   rs.clamp_fragment_color = frag_clamp;
   /* A y-flipping viewport (window-system buffers) flips the winding. */
   rs.front_ccw = (d->front_face == GL_CCW) != flip;
   if (st_is_enabled(ctx, ST_CAP_CULL_FACE))
      rs.cull_face = d->cull_face == GL_FRONT ? PIPE_FACE_FRONT
                   : d->cull_face == GL_BACK ? PIPE_FACE_BACK : PIPE_FACE_FRONT_AND_BACK;
   rs.fill_front = pipe_fill(d->polygon_mode[0]);
   rs.fill_back = pipe_fill(d->polygon_mode[1]);
   rs.scissor = st_is_enabled(ctx, ST_CAP_SCISSOR_TEST);
   rs.half_pixel_center = 1;
   rs.bottom_edge_rule = flip;
   /* GL_ARB_depth_clamp: no near/far clipping, fragment depth clamped to
    * the depth range (refpipe's depth stage) */
   rs.depth_clamp = st_is_enabled(ctx, ST_CAP_DEPTH_CLAMP);
   rs.depth_clip_near = rs.depth_clip_far = !rs.depth_clamp;
   /* EXT_transform_feedback: primitives stop before rasterization */
   rs.rasterizer_discard = st_is_enabled(ctx, ST_CAP_RASTERIZER_DISCARD);
   /* a vertex program replaces user clipping (ARB_vertex_program issue 3;
    * position-invariant programs keep it), two-sided colour selection and
    * the point size by its enables */
   /* a GLSL vertex shader (st_glsl.c) clips by the distances of its
    * gl_ClipVertex (GL 2.1 section 2.17; st_glsl.c draw_vs_ir) or by its
    * gl_ClipDistance[i] (GL 3.0 section 2.17); writing neither, by its
    * gl_Position from GLSL 1.30 on (GLSL 1.30 7.1), else not at all
    * (undefined in GL 2.1) */
   const struct st_glsl_linked *glsl = st_glsl_active(ctx);
   const struct glsl_program_interface *gvs =
      glsl && glsl->iface->ir[GLSL_STAGE_VERTEX] ? glsl->iface : NULL;
   const struct arbprog_result *vp = gvs ? NULL : st_arbprog_active(ctx, ST_ARBPROG_VP);
   for (unsigned i = 0; i < ST_MAX_CLIP_PLANES; i++)
      if (st_is_enabled(ctx, (enum st_cap)(ST_CAP_CLIP_PLANE0 + i)) &&
          (gvs ? gvs->writes_clip_vertex || gvs->writes_clip_distance ||
                    gvs->clip_by_position
               : !vp || vp->position_invariant))
         rs.clip_plane_enable |= 1u << i;
   /* two-sided lighting: back-facing polygons take the back colours */
   rs.light_twoside = vp || gvs ? st_is_enabled(ctx, ST_CAP_VERTEX_PROGRAM_TWO_SIDE)
                                : st_is_enabled(ctx, ST_CAP_LIGHTING) && d->lighting.two_side;
   /* polygon offset: GL's factor/units; draw scales units by the depth
    * buffer's minimum resolvable difference */
   rs.offset_tri = st_is_enabled(ctx, ST_CAP_POLYGON_OFFSET_FILL);
   rs.offset_line = st_is_enabled(ctx, ST_CAP_POLYGON_OFFSET_LINE);
   rs.offset_point = st_is_enabled(ctx, ST_CAP_POLYGON_OFFSET_POINT);
   rs.offset_scale = f->offset_factor;
   rs.offset_units = f->offset_units;
   rs.poly_stipple_enable = st_is_enabled(ctx, ST_CAP_POLYGON_STIPPLE);
   rs.poly_smooth = st_is_enabled(ctx, ST_CAP_POLYGON_SMOOTH);
   rs.line_smooth = st_is_enabled(ctx, ST_CAP_LINE_SMOOTH);
   rs.line_stipple_enable = st_is_enabled(ctx, ST_CAP_LINE_STIPPLE);
   rs.line_stipple_factor = (unsigned)(f->line_stipple_repeat - 1) & 0xff;
   rs.line_stipple_pattern = f->line_stipple_pattern;
   rs.line_width = f->line_width;
   rs.point_smooth = st_is_enabled(ctx, ST_CAP_POINT_SMOOTH);
   /* the size is clamped to [min, max] of the point parameters and the
    * implementation range (GL 2.1 section 3.4) */
   float psize = f->point_size;
   if (psize < f->point_min)
      psize = f->point_min;
   if (psize > f->point_max)
      psize = f->point_max;
   float pmax = st_frag_max_point_size(ctx);
   rs.point_size = psize < 1.0f ? 1.0f : psize > pmax ? pmax : psize;
   /* distance attenuation: the fixed-function VS writes the size */
   rs.point_size_per_vertex = f->point_atten[0] != 1.0f || f->point_atten[1] != 0.0f ||
                              f->point_atten[2] != 0.0f || st_point_size_array(ctx);
   if (vp)
      rs.point_size_per_vertex = st_is_enabled(ctx, ST_CAP_VERTEX_PROGRAM_POINT_SIZE) &&
                                 (vp->outputs_written & ARBPROG_VERT_OUT_PSIZE);
   /* OpenGL ES 2.0 (section 3.3): every point is a sprite, sized by the
    * vertex shader's gl_PointSize, without an enable */
   bool es2 = ctx->profile == ST_PROFILE_GLES2;
   if (gvs)   /* GL_VERTEX_PROGRAM_POINT_SIZE: gl_PointSize (GL 2.1 section 3.4) */
      rs.point_size_per_vertex = (es2 || st_is_enabled(ctx, ST_CAP_VERTEX_PROGRAM_POINT_SIZE)) &&
                                 gvs->writes_point_size;
   /* the core profile (GL 3.2 section 3.4) likewise: its points are all
    * sprites, the enable is gone */
   rs.point_quad_rasterization = es2 || ctx->profile == ST_PROFILE_CORE ||
                                 st_is_enabled(ctx, ST_CAP_POINT_SPRITE);
   /* ARB_point_sprite: units with COORD_REPLACE get the sprite's (s, t, 0, 1)
    * in their texture coordinate varyings (generic FF_VARYING_TEX0 + unit) */
   rs.sprite_coord_base = FF_VARYING_TEX0;
   if (rs.point_quad_rasterization) {
      for (unsigned u = 0; u < ST_MAX_TEXTURE_UNITS; u++)
         if (ctx->texture.unit[u].coord_replace)
            rs.sprite_coord_enable |= 1u << u;
   }
   /* Pipe window y grows with GL y on an unflipped buffer (FBOs), so GL's
    * UPPER_LEFT sprite origin (t = 0 at the top) is the pipe's lower-left
    * mode there, and its upper-left one on a y-flipped window-system buffer
    * (measured: ARB_point_sprite-checkerboard, st_test_draw's sprite test). */
   rs.sprite_coord_mode = (f->point_sprite_origin == GL_LOWER_LEFT) == flip;
   rs.multisample = st_is_enabled(ctx, ST_CAP_MULTISAMPLE) && st_fb_draw_samples(ctx) > 1;
   cso_set_rasterizer(d->cso, &rs);

   if (ctx->pipe->set_polygon_stipple && rs.poly_stipple_enable) {
      struct pipe_poly_stipple ps;
      memcpy(ps.stipple, f->poly_stipple, sizeof ps.stipple);
      ctx->pipe->set_polygon_stipple(ctx->pipe, &ps);
   }

   struct pipe_depth_stencil_alpha_state dsa;
   memset(&dsa, 0, sizeof dsa);
   if (st_is_enabled(ctx, ST_CAP_DEPTH_TEST) && depth_bits) {
      dsa.depth_enabled = 1;
      dsa.depth_writemask = ctx->depth.mask ? 1 : 0;
      dsa.depth_func = pipe_func(d->depth_func);
   }
   struct pipe_stencil_ref sref = { { 0, 0 } };
   if (st_is_enabled(ctx, ST_CAP_STENCIL_TEST) && stencil_bits) {
      unsigned smask = stencil_bits >= 8 ? 0xffu : (1u << stencil_bits) - 1u;
      for (unsigned i = 0; i < 2; i++) {
         /* pipe face i: the rasterizer's front/back, which is GL's */
         const struct st_stencil_face *sf = &f->stencil[i];
         dsa.stencil[i].enabled = 1;
         dsa.stencil[i].func = pipe_func(sf->func);
         dsa.stencil[i].fail_op = pipe_stencil_op(sf->fail);
         dsa.stencil[i].zfail_op = pipe_stencil_op(sf->zfail);
         dsa.stencil[i].zpass_op = pipe_stencil_op(sf->zpass);
         dsa.stencil[i].valuemask = sf->value_mask & smask;
         dsa.stencil[i].writemask = ctx->stencil.writemask[i] & smask;
         sref.ref_value[i] = (uint8_t)st_frag_stencil_ref(ctx, i);
      }
   }
   /* EXT_texture_integer / GL 3.0 4.1.4: no alpha test when draw buffer
    * zero holds integers */
   bool int_cb0 = st_fb_draw_buffer_zero_integer(ctx);
   if (st_is_enabled(ctx, ST_CAP_ALPHA_TEST) && !int_cb0) {
      dsa.alpha_enabled = 1;
      dsa.alpha_func = pipe_func(f->alpha_func);
      dsa.alpha_ref_value = f->alpha_ref;
      st_clamp_floats01(&dsa.alpha_ref_value, 1, frag_clamp);
   }
   cso_set_depth_stencil_alpha(d->cso, &dsa);
   if (ctx->pipe->set_stencil_ref)
      ctx->pipe->set_stencil_ref(ctx->pipe, sref);

   /* Blending and colour masks per draw buffer (EXT_draw_buffers2,
    * ARB_draw_buffers_blend): framebuffer objects bind draw buffer i at
    * pipe colour buffer i; the window-system framebuffer has one draw
    * buffer (two pipe buffers for GL_FRONT_AND_BACK), so rt[0] serves all. */
   struct pipe_blend_state bl;
   memset(&bl, 0, sizeof bl);
   unsigned nrt = st_fb_draw_is_fbo(ctx) ? ST_MAX_BLEND_BUFFERS : 1;
   bl.independent_blend_enable = nrt > 1;
   bl.max_rt = nrt - 1;
   bool logicop = st_is_enabled(ctx, ST_CAP_COLOR_LOGIC_OP);
   if (logicop) {
      /* the logic op replaces blending (GL 2.1 section 4.1.10) */
      bl.logicop_enable = 1;
      bl.logicop_func = f->logic_op - GL_CLEAR;   /* same order as PIPE_LOGICOP_* */
   }
   /* buffer 0's GL_BLEND is the ST_CAP_BLEND bit (glEnable / glIsEnabled) */
   unsigned blend_bufs = (ctx->enable.blend_bufs & ~1u) |
                         (st_is_enabled(ctx, ST_CAP_BLEND) ? 1u : 0u);
   enum st_fb_dst_alpha da = st_fb_draw_dst_alpha(ctx);
   for (unsigned t = 0; t < nrt; t++) {
      struct pipe_rt_blend_state *rt = &bl.rt[t];
      const struct st_blend_func *b = &d->blend[t];
      for (unsigned i = 0; i < 4; i++)
         if (ctx->color.color_mask[t][i])
            rt->colormask |= 1u << i;
      if (logicop || !(blend_bufs >> t & 1))
         continue;
      rt->blend_enable = 1;
      rt->rgb_func = pipe_blendfunc(b->eq_rgb);
      rt->alpha_func = pipe_blendfunc(b->eq_alpha);
      rt->rgb_src_factor = pipe_blendfactor(b->src_rgb);
      rt->rgb_dst_factor = pipe_blendfactor(b->dst_rgb);
      rt->alpha_src_factor = pipe_blendfactor(b->src_alpha);
      rt->alpha_dst_factor = pipe_blendfactor(b->dst_alpha);
      /* (the destination-alpha substitution looks at the first draw
       * buffer's format; it applies to that buffer's blending) */
      if (t == 0 && da != ST_FB_DST_ALPHA_STORED) {
         rt->rgb_src_factor = fix_dst_alpha(rt->rgb_src_factor, da, true);
         rt->rgb_dst_factor = fix_dst_alpha(rt->rgb_dst_factor, da, true);
         rt->alpha_src_factor = fix_dst_alpha(rt->alpha_src_factor, da, false);
         rt->alpha_dst_factor = fix_dst_alpha(rt->alpha_dst_factor, da, false);
      }
   }
   bl.dither = st_is_enabled(ctx, ST_CAP_DITHER);
   /* GL 3.3 section 4.1.3: alpha to coverage and alpha to one are skipped,
    * for every draw buffer, when draw buffer zero holds integers */
   if (st_fb_draw_samples(ctx) > 1 && st_is_enabled(ctx, ST_CAP_MULTISAMPLE) && !int_cb0) {
      bl.alpha_to_coverage = st_is_enabled(ctx, ST_CAP_SAMPLE_ALPHA_TO_COVERAGE);
      bl.alpha_to_one = st_is_enabled(ctx, ST_CAP_SAMPLE_ALPHA_TO_ONE);
   }
   cso_set_blend(d->cso, &bl);
   /* GL_SAMPLE_COVERAGE: the first round(value * samples) samples (the
    * others when inverted) */
   if (ctx->pipe->set_sample_mask) {
      unsigned n = st_fb_draw_samples(ctx), smask = ~0u;
      if (n > 1 && st_is_enabled(ctx, ST_CAP_MULTISAMPLE) &&
          st_is_enabled(ctx, ST_CAP_SAMPLE_COVERAGE)) {
         unsigned m = (unsigned)(f->sample_coverage_value * (float)n + 0.5f);
         smask = m >= 32 ? ~0u : (1u << m) - 1u;
         if (f->sample_coverage_invert)
            smask = ~smask;
      }
      /* GL_SAMPLE_MASK (ARB_texture_multisample): then ANDed with word 0
       * of GL_SAMPLE_MASK_VALUE (bit s = sample s) */
      if (n > 1 && st_is_enabled(ctx, ST_CAP_MULTISAMPLE) &&
          st_is_enabled(ctx, ST_CAP_SAMPLE_MASK))
         smask &= f->sample_mask_value;
      ctx->pipe->set_sample_mask(ctx->pipe, smask);
   }
   if (ctx->pipe->set_blend_color) {
      struct pipe_blend_color bc;
      memcpy(bc.color, f->blend_color, sizeof bc.color);
      ctx->pipe->set_blend_color(ctx->pipe, &bc);
   }
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

/* The fixed-function state of the current GL state (what the generated
 * shaders and the ARB programs' state rows read); validates the texture
 * units (and binds their samplers) on the way. */
void
st_draw_derive_ff_state(struct st_context *ctx, struct ff_state *st)
{
   struct st_draw_ctx *d = ctx->draw;
   ff_state_init_defaults(st);
   memcpy(st->modelview, d->mv_stack[d->mv_depth], sizeof st->modelview);
   memcpy(st->projection, d->proj_stack[d->proj_depth], sizeof st->projection);
   /* a GLSL program's sampler table (st_glsl.c) when it has a fragment
    * shader or samplers at all (a vertex shader sampling with the fixed-
    * function fragment stage: the program's units and targets count, the
    * fixed-function enables of other units do not), else an enabled
    * fragment program chooses the texture targets (st_arbprog.c) */
   uint8_t prog_targets[ST_MAX_COMBINED_TEXTURE_UNITS];
   const struct st_glsl_linked *glsl = st_glsl_active(ctx);
   const struct arbprog_result *fp = st_arbprog_active(ctx, ST_ARBPROG_FP);
   const uint8_t *targets = NULL;
   if (glsl && (glsl->iface->ir[GLSL_STAGE_FRAGMENT] || glsl->iface->num_samplers) &&
       st_glsl_unit_targets(ctx, prog_targets)) {
      targets = prog_targets;
      /* vertex shader only: the fixed-function units it does not sample
       * keep the fixed-function enables (ST_TEXTURE_FF_TARGET) */
      if (!glsl->iface->ir[GLSL_STAGE_FRAGMENT])
         for (unsigned u = 0; u < FF_MAX_TEXTURE_UNITS; u++)
            if (!prog_targets[u])
               prog_targets[u] = ST_TEXTURE_FF_TARGET;
   } else if (fp) {
      /* the image units an ARB fragment program can name (the rest: unused) */
      _Static_assert(ARBPROG_MAX_TEXTURE_UNITS <= ST_MAX_COMBINED_TEXTURE_UNITS, "units");
      memset(prog_targets, 0, sizeof prog_targets);
      memcpy(prog_targets, fp->tex_target, sizeof fp->tex_target);
      targets = prog_targets;
   }
   st_texture_validate(ctx, st, targets);   /* units, matrices, samplers */
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
   st->fog_source = d->fog.coord_src == GL_FOG_COORD ? FF_FOG_SRC_COORD
                                                     : FF_FOG_SRC_FRAGMENT_DEPTH;
   st->fog_distance = d->fog.distance_mode == GL_EYE_RADIAL_NV ? FF_FOG_DIST_RADIAL :
                      d->fog.distance_mode == GL_EYE_PLANE ? FF_FOG_DIST_PLANE
                                                           : FF_FOG_DIST_PLANE_ABSOLUTE;
   memcpy(st->fog_color, d->fog.color, sizeof st->fog_color);
   /* ARB_color_buffer_float: without fragment clamping the environment
    * and fog colours and the environment results stay unclamped */
   bool frag_clamp = st_clamp_fragment_color(ctx);
   st->unclamped_vertex_color = !st_clamp_vertex_color(ctx);
   st->unclamped_fragment_color = !frag_clamp;
   st_clamp_floats01(st->fog_color, 4, frag_clamp);
   for (unsigned u = 0; u < FF_MAX_TEXTURE_UNITS; u++)
      st_clamp_floats01(st->unit[u].env_color, 4, frag_clamp);
   st->fog_density = d->fog.density;
   st->fog_start = d->fog.start;
   st->fog_end = d->fog.end;
   st->clip_plane_enable = 0;
   for (unsigned i = 0; i < ST_MAX_CLIP_PLANES; i++) {
      memcpy(st->clip_plane[i], d->clip_plane[i], sizeof st->clip_plane[i]);
      if (st_is_enabled(ctx, (enum st_cap)(ST_CAP_CLIP_PLANE0 + i)))
         st->clip_plane_enable |= 1u << i;
   }
   /* point parameters (distance attenuation in the VS; see update_cso_state) */
   const struct st_frag_vals *fv = &d->frag;
   float pmax = st_frag_max_point_size(ctx);
   st->point_size = fv->point_size;
   st->point_size_array = st_point_size_array(ctx);
   st->point_size_min = fv->point_min;
   st->point_size_max = fv->point_max < pmax ? fv->point_max : pmax;
   st->point_fade_threshold = fv->point_fade;
   memcpy(st->point_distance_attenuation, fv->point_atten,
          sizeof st->point_distance_attenuation);

}

/* Validate shaders and constants; false if drawing is impossible. */
static bool
update_shaders(struct st_context *ctx, uint32_t *inputs)
{
   struct st_draw_ctx *d = ctx->draw;
   struct ff_state *st = d->ff_scratch;
   float *consts = d->draw_consts;
   st_draw_derive_ff_state(ctx, st);
   /* A GLSL program in use (st_glsl.c) replaces the stages it has; else
    * an enabled, valid ARB program (st_arbprog.c) replaces its stage */
   const struct st_glsl_linked *glsl = st_glsl_active(ctx);
   const struct glsl_program_interface *gi = glsl ? glsl->iface : NULL;
   bool gvs = gi && gi->ir[GLSL_STAGE_VERTEX], gfs = gi && gi->ir[GLSL_STAGE_FRAGMENT];
   const struct arbprog_result *vp = gvs ? NULL : st_arbprog_active(ctx, ST_ARBPROG_VP);
   const struct arbprog_result *fp = gfs ? NULL : st_arbprog_active(ctx, ST_ARBPROG_FP);
   /* GL_ATI_fragment_shader (st_atifs.c): an ARB fragment program or a
    * GLSL fragment shader wins */
   const struct st_atifs_def *ati = fp || gfs ? NULL : st_atifs_active(ctx);

   struct ff_vs_key vk;
   struct ff_fs_key fk;
   if (vp || gvs)
      st->lighting = false;   /* colour sum: only its enable (ARB_vertex_program 3.9) */
   if (gvs && !gfs && gi->num_samplers) {
      /* a vertex shader samples with the fixed-function fragment stage:
       * units it made complete texture fragments only where GL enables them */
      struct ff_state fst = *st;
      for (unsigned u = 0; u < FF_MAX_TEXTURE_UNITS && u < ST_MAX_TEXTURE_UNITS; u++)
         if (!ctx->texture.unit[u].enabled)
            fst.unit[u].enabled = false;
      ff_fs_key_from_state(&fst, &fk);
   } else {
      ff_fs_key_from_state(st, &fk);
   }
   bool complete[FF_MAX_TEXTURE_UNITS];
   for (unsigned u = 0; u < FF_MAX_TEXTURE_UNITS; u++)
      complete[u] = st->unit[u].enabled;
   if (fp) {
      /* the fixed-function vertex stage feeds what the fragment program
       * reads: texture coordinate sets, the secondary colour, the fog
       * coordinate (docs/fixed-function.md) */
      for (unsigned u = 0; u < FF_MAX_TEXTURE_UNITS; u++)
         if (fp->inputs_read & (ARBPROG_FRAG_IN_TEX0 << u))
            st->unit[u].enabled = true;
      if (fp->inputs_read & ARBPROG_FRAG_IN_COLOR1)
         st->color_sum = true;
      if ((fp->inputs_read & ARBPROG_FRAG_IN_FOG) || fp->fog != ARBPROG_FOG_NONE)
         st->fog = true;
   }
   if (ati) {
      uint32_t in = st_atifs_inputs(ctx);   /* fed like a fragment program's */
      for (unsigned u = 0; u < FF_MAX_TEXTURE_UNITS; u++)
         if (in & (ATIFS_IN_TEX0 << u))
            st->unit[u].enabled = true;
      if (in & ATIFS_IN_COLOR1)
         st->color_sum = true;
   }
   if (gfs) {
      /* the same for a GLSL fragment shader: what it reads of gl_TexCoord[],
       * gl_SecondaryColor and gl_FogFragCoord (fragment_inputs_ff) */
      for (unsigned u = 0; u < FF_MAX_TEXTURE_UNITS; u++)
         if (gi->fragment_inputs_ff & (1u << (FF_VARYING_TEX0 + u)))
            st->unit[u].enabled = true;
      if (gi->fragment_inputs_ff & (1u << FF_VARYING_COLOR1))
         st->color_sum = true;
      if (gi->fragment_inputs_ff & (1u << FF_VARYING_FOG))
         st->fog = true;
   }
   ff_vs_key_from_state(st, &vk);
   /* back to "has a complete texture" (st_program_state.c reads it) */
   for (unsigned u = 0; u < FF_MAX_TEXTURE_UNITS; u++)
      st->unit[u].enabled = complete[u];
   struct ff_cached_shader *vs = vp || gvs ? NULL : ff_shader_cache_get_vs(d->ff_cache, &vk);
   struct ff_cached_shader *fs = fp || gfs || ati ? NULL : ff_shader_cache_get_fs(d->ff_cache, &fk);
   void *vcso = gvs ? st_glsl_shader(ctx, GLSL_STAGE_VERTEX)
              : vp ? st_arbprog_shader(ctx, ST_ARBPROG_VP) : vs ? shader_cso(ctx, vs, false) : NULL;
   void *fcso = gfs ? st_glsl_shader(ctx, GLSL_STAGE_FRAGMENT)
              : fp ? st_arbprog_shader(ctx, ST_ARBPROG_FP)
              : ati ? st_atifs_shader(ctx, st) : fs ? shader_cso(ctx, fs, true) : NULL;
   /* a geometry shader between them (GL 3.2), else none */
   void *gcso = gi && gi->ir[GLSL_STAGE_GEOMETRY] ? st_glsl_shader(ctx, GLSL_STAGE_GEOMETRY)
                                                  : NULL;
   if (!vcso || !fcso || (gi && gi->ir[GLSL_STAGE_GEOMETRY] && !gcso))
      return false;
   if (d->bound_gs != gcso) {
      ctx->pipe->bind_gs_state(ctx->pipe, gcso);
      d->bound_gs = gcso;
   }
   if (d->bound_vs != vcso) {
      ctx->pipe->bind_vs_state(ctx->pipe, vcso);
      d->bound_vs = vcso;
   }
   if (d->bound_fs != fcso) {
      ctx->pipe->bind_fs_state(ctx->pipe, fcso);
      d->bound_fs = fcso;
   }
   *inputs = gvs ? gi->vertex_inputs : ff_shader_input_mask(vp ? vp->shader : vs->ir);

   if (!d->draw_consts_valid || memcmp(d->draw_consts_state, st, sizeof *st) != 0) {
      ff_constants_fill(st, consts);
      memcpy(d->draw_consts_state, st, sizeof *st);
      d->draw_consts_valid = true;
      d->draw_consts_bound[0] = d->draw_consts_bound[1] = false;
   }
   struct pipe_constant_buffer cb;
   memset(&cb, 0, sizeof cb);
   cb.buffer_size = FF_CONSTANTS_SIZE;
   cb.user_buffer = consts;
   /* user constant buffers are copied by the driver: consts is reused; a
    * program's buffer is filled from the same derived state */
   if (vp) {
      if (!st_arbprog_bind_constants(ctx, ST_ARBPROG_VP, st, (const float (*)[4])consts))
         return false;
   } else if (!gvs && !d->draw_consts_bound[0]) {
      st_set_constant_buffer(ctx, PIPE_SHADER_VERTEX, FF_CBUF_INDEX, &cb);
      d->draw_consts_bound[0] = true;
   }
   if (fp) {
      if (!st_arbprog_bind_constants(ctx, ST_ARBPROG_FP, st, (const float (*)[4])consts))
         return false;
   } else if (ati) {
      if (!st_atifs_bind_constants(ctx, st, (const float (*)[4])consts))
         return false;
   } else if (!gfs && !d->draw_consts_bound[1]) {
      st_set_constant_buffer(ctx, PIPE_SHADER_FRAGMENT, FF_CBUF_INDEX, &cb);
      d->draw_consts_bound[1] = true;
   }
   /* a GLSL stage: its uniforms, built-in state rows and samplers */
   if ((gvs || gfs || gcso) && !st_glsl_bind_state(ctx, st, (const float (*)[4])consts))
      return false;
   return true;
}

/* draw_vertices' vertex buffers: the current values, one per direct array */
_Static_assert(ST_VATTR_COUNT + 1 <= PIPE_MAX_ATTRIBS, "direct arrays need a buffer each");

/* Both forms of st_draw_vertices: index NULL draws v[0..count), else
 * v[index[i]] for i < count, a run ending at each ST_DRAW_RESTART; with
 * `direct` (v NULL, index NULL), st_draw_vertices_direct's arrays. */
static bool
is_src1_factor(GLenum f)
{
   return f == GL_SRC1_COLOR || f == GL_ONE_MINUS_SRC1_COLOR || f == GL_SRC1_ALPHA ||
          f == GL_ONE_MINUS_SRC1_ALPHA;
}

bool
st_draw_dual_source_ok(struct st_context *ctx, const char *where)
{
   bool dual = false;
   for (unsigned i = 0; i < ST_MAX_BLEND_BUFFERS && !dual; i++) {
      const struct st_blend_func *b = &ctx->draw->blend[i];
      dual = (ctx->enable.blend_bufs & (1u << i)) &&
             (is_src1_factor(b->src_rgb) || is_src1_factor(b->dst_rgb) ||
              is_src1_factor(b->src_alpha) || is_src1_factor(b->dst_alpha));
   }
   if (!dual)
      return true;
   struct st_fb_buffer cb[ST_MAX_DRAW_BUFFERS];
   if (st_fb_draw_colors(ctx, cb) <= ST_GLSL_MAX_DUAL_SOURCE_DRAW_BUFFERS)
      return true;
   st_error(ctx, GL_INVALID_OPERATION, where);
   return false;
}

bool
st_draw_checks(struct st_context *ctx, GLenum mode)
{
   struct pipe_context *pipe = ctx->pipe;
   struct st_fb_info fbi;
   if (!st_fb_check_draw(ctx, &fbi, "draw"))   /* surfaceless / incomplete FBO */
      return false;
   if (st_cond_render_discards(ctx))   /* NV_conditional_render */
      return false;
   if (!pipe->draw_vbo || !pipe->create_vs_state || !pipe->create_fs_state ||
       !pipe->bind_vs_state || !pipe->bind_fs_state || !pipe->delete_vs_state ||
       !pipe->delete_fs_state || !pipe->set_constant_buffer || !pipe->set_vertex_buffers)
      return false;
   /* GLSL samplers sharing a unit, a geometry shader's input primitive,
    * dual-source blending into more draw buffers than it has */
   return st_glsl_check_draw(ctx, "draw") && st_glsl_check_mode(ctx, mode, "draw") &&
          st_draw_dual_source_ok(ctx, "draw");
}

static void
draw_vertices(struct st_context *ctx, GLenum mode, const struct st_vertex *v,
              const struct st_draw_arrays_direct *direct, const uint32_t *index, size_t count)
{
   struct pipe_context *pipe = ctx->pipe;
   if (ctx->draw_held)
      st_draw_flush_held(ctx);   /* draws stay in order */
   if (!st_draw_checks(ctx, mode))
      return;
   if (count > UINT32_MAX) {
      st_error(ctx, GL_OUT_OF_MEMORY, "draw");
      return;
   }
   st_dlist_charge_draw(ctx);   /* a nested list's draw spends its call budget */
   st_validate(ctx, ST_NEW_ALL);
   /* pixel rectangles: their own fragment stage (st_drawpix.c) */
   const struct st_draw_fs_override *ov = ctx->draw->fs_override;
   /* the pipe state of the last draw serves while nothing changed
    * (ST_DRAW_REUSE_* in st_context.h); a pixel rectangle's draw binds its
    * own and is never reused */
   uint32_t inputs = ctx->draw->derived_inputs;
   const unsigned reuse = ST_DRAW_REUSE_ENTRY | ST_DRAW_REUSE_BOUND;
   if (ov || (ctx->draw_reuse & reuse) != reuse) {
      ctx->draw_reuse &= (uint8_t)~ST_DRAW_REUSE_BOUND;
      update_cso_state(ctx);
      if (!update_shaders(ctx, &inputs)) {
         st_error(ctx, GL_OUT_OF_MEMORY, "draw");
         return;
      }
      ctx->draw->derived_inputs = inputs;
      /* buffer textures' views are copies made at validation
       * (api_texbuffer.c): the next draw makes them again */
      if (!ov && (ctx->draw_reuse & ST_DRAW_REUSE_ENTRY) && !ctx->tex.buffer_views)
         ctx->draw_reuse |= ST_DRAW_REUSE_BOUND;
   }

   if (ov) {
      pipe->bind_fs_state(pipe, ov->fs);
      ctx->draw->bound_fs = ov->fs;
      /* pixel rectangles are no primitives of the program's geometry
       * shader (the next draw binds it again: ov draws are not reused) */
      if (ctx->draw->bound_gs) {
         pipe->bind_gs_state(pipe, NULL);
         ctx->draw->bound_gs = NULL;
      }
      struct pipe_sampler_view *view = ov->view;
      void *sampler = ov->sampler;
      pipe->set_sampler_views(pipe, PIPE_SHADER_FRAGMENT, 0, 1, &view);
      pipe->bind_sampler_states(pipe, PIPE_SHADER_FRAGMENT, 0, 1, &sampler);
      struct pipe_constant_buffer pcb;
      memset(&pcb, 0, sizeof pcb);
      pcb.buffer_size = ov->consts_size;
      pcb.user_buffer = ov->consts;
      st_set_constant_buffer(ctx, PIPE_SHADER_FRAGMENT, ov->cbuf, &pcb);
   }

   /* vertex element i feeds input location i: FF_ATTRIB_* below 16,
    * generic attribute n at 16 + n (st_vattr_for_input) */
   /* the arrays below are zeroed as far as they are used (a memset of
    * them all was a measurable part of a small draw) */
   struct pipe_vertex_element ve[ST_MAX_VERTEX_INPUTS + 1];
   unsigned num_ve = 1;
   /* an instanced array draw: per-instance attributes from vertex buffer 1,
    * whose records the pipe advances every divisor instances */
   const struct st_draw_instances *in = direct ? NULL : ctx->draw->instances;
   /* direct arrays: vertex buffer 0 holds the current values (stride 0),
    * then one buffer per attribute read from an array (at most
    * ST_VATTR_COUNT + 1 <= PIPE_MAX_ATTRIBS buffers) */
   static const enum pipe_format float_formats[4] = {
      PIPE_FORMAT_R32_FLOAT, PIPE_FORMAT_R32G32_FLOAT, PIPE_FORMAT_R32G32B32_FLOAT,
      PIPE_FORMAT_R32G32B32A32_FLOAT,
   };
   /* integer attributes (GL 3.0 glVertexAttribI*, glVertexAttribIPointer)
    * hold integer words: read as such, never converted to float on the way */
   struct st_vattr_ints ints;
   if (direct) {
      ints = direct->ints;
   } else if (ctx->draw->verts_ints) {
      ints = *ctx->draw->verts_ints;
   } else {
      /* a glBegin/glEnd batch: current values, the position always floats */
      ints = ctx->draw->current_ints;
      ints.sint &= ~(1u << ST_VATTR_POS);
      ints.uint &= ~(1u << ST_VATTR_POS);
   }
   struct pipe_vertex_buffer vb[ST_VATTR_COUNT + 1];
   uint8_t attr_vb[ST_VATTR_COUNT];
   unsigned num_vb = 1;
   memset(&vb[0], 0, sizeof vb[0]);
   memset(&vb[1], 0, sizeof vb[1]);
   memset(attr_vb, 0, sizeof attr_vb);
   /* the elements up to the highest input the shader reads (the others
    * would never be fetched) */
   _Static_assert(ST_MAX_VERTEX_INPUTS == 32, "inputs is a 32-bit mask");
   unsigned last_input = inputs ? 32u - (unsigned)__builtin_clz(inputs) : 1u;
   for (unsigned i = 0; i < last_input; i++) {
      memset(&ve[i], 0, sizeof ve[i]);
      ve[i].src_format = PIPE_FORMAT_R32G32B32A32_FLOAT;
      int a = st_vattr_for_input(i);
      unsigned attr = a >= 0 ? (unsigned)a : ST_VATTR_POS;
      ve[i].src_offset = (uint16_t)(attr * 4 * sizeof(float));
      if (ints.sint & (1u << attr))
         ve[i].src_format = PIPE_FORMAT_R32G32B32A32_SINT;
      else if (ints.uint & (1u << attr))
         ve[i].src_format = PIPE_FORMAT_R32G32B32A32_UINT;
      if (direct && direct->size[attr]) {
         if (!attr_vb[attr]) {
            attr_vb[attr] = (uint8_t)num_vb;
            memset(&vb[num_vb], 0, sizeof vb[num_vb]);
            vb[num_vb].stride = (uint16_t)direct->stride[attr];
            vb[num_vb].is_user_buffer = true;
            vb[num_vb].buffer.user = direct->ptr[attr];
            num_vb++;
         }
         ve[i].src_format = float_formats[direct->size[attr] - 1];
         ve[i].src_offset = 0;
         ve[i].vertex_buffer_index = attr_vb[attr];
      } else if (in && in->verts && (in->attrs & (1u << attr))) {
         ve[i].vertex_buffer_index = 1;
         ve[i].instance_divisor = in->divisor[attr];
      }
      if (inputs & (1u << i))
         num_ve = i + 1;
   }
   /* unfilled polygons: the edge flags ride along as one more element,
    * at location 16 (never an input) when generic inputs use the top */
   if (ctx->draw->polygon_mode[0] != GL_FILL || ctx->draw->polygon_mode[1] != GL_FILL) {
      unsigned e = num_ve > FF_NUM_ATTRIBS ? FF_NUM_ATTRIBS : num_ve;
      if (e >= last_input)
         memset(&ve[e], 0, sizeof ve[e]);
      ve[e].src_format = PIPE_FORMAT_R32_FLOAT;
      ve[e].src_offset = (uint16_t)(ST_VATTR_EDGEFLAG * 4 * sizeof(float));
      ve[e].edgeflag = 1;
      if (direct)
         ve[e].vertex_buffer_index = 0;   /* the current edge flag */
      if (e == num_ve)
         num_ve++;
   }
   if (cso_set_vertex_elements(ctx->draw->cso, num_ve, ve) != PIPE_OK) {
      st_error(ctx, GL_OUT_OF_MEMORY, "draw");
      return;
   }

   if (direct) {
      vb[0].stride = 0;
      vb[0].is_user_buffer = true;
      vb[0].buffer.user = direct->current;
   } else {
      vb[0].stride = vb[1].stride = sizeof(struct st_vertex);
      vb[0].is_user_buffer = vb[1].is_user_buffer = true;
      vb[0].buffer.user = v;
      vb[1].buffer.user = in ? in->verts : NULL;
      num_vb = in && in->verts ? 2 : 1;
   }
   pipe->set_vertex_buffers(pipe, 0, num_vb, vb);

   struct pipe_draw_info info;
   memset(&info, 0, sizeof info);
   info.mode = (enum pipe_prim_type)mode;   /* GL and pipe primitive numbers agree (0..9) */
   info.instance_count = in ? in->count : 1;
   info.max_index = ~0u;
   /* records copied from arrays: their gl_VertexID (GL's is
    * implementation-dependent past 32 bits) */
   if (!direct)
      info.vertex_id_bias = (int)(int32_t)(uint32_t)(uint64_t)ctx->draw->vertex_id_bias;
   if (index) {
      info.index_size = 4;
      info.has_user_indices = true;
      info.index.user = index;
      info.primitive_restart = true;
      info.restart_index = ST_DRAW_RESTART;
   }
   /* direct arrays: from their first vertex (its gl_VertexID) */
   struct pipe_draw_start_count_bias sc = { direct ? (unsigned)direct->first : 0,
                                            (unsigned)count, 0 };
   /* transform feedback: the primitive mode check and the capture (a
    * pixel rectangle's quad is never captured) */
   bool capturing = false;
   if (!ov && !st_xfb_draw_begin(ctx, mode, &capturing)) {
      pipe->set_vertex_buffers(pipe, 0, 1, NULL);
      return;
   }
   pipe->draw_vbo(pipe, &info, &sc, 1);
   st_xfb_draw_end(ctx, capturing);

   pipe->set_vertex_buffers(pipe, 0, num_vb, NULL);
   if (ov) {
      struct pipe_sampler_view *none_view = NULL;
      void *none_sampler = NULL;
      pipe->set_sampler_views(pipe, PIPE_SHADER_FRAGMENT, 0, 1, &none_view);
      pipe->bind_sampler_states(pipe, PIPE_SHADER_FRAGMENT, 0, 1, &none_sampler);
      st_set_constant_buffer(ctx, PIPE_SHADER_FRAGMENT, ov->cbuf, NULL);
   }
   st_fb_draw_written(ctx);
}

void
st_draw_vertices(struct st_context *ctx, GLenum mode, const struct st_vertex *v, size_t count)
{
   if (!count)
      return;
   if (ctx->draw->select.render_mode != GL_RENDER) {
      /* selection / feedback: nothing is rasterized (api_select.c) */
      st_select_vertices(ctx, mode, v, count);
      return;
   }
   draw_vertices(ctx, mode, v, NULL, NULL, count);
}

void
st_draw_vertices_indexed(struct st_context *ctx, GLenum mode, const struct st_vertex *v,
                         const uint32_t *index, size_t count)
{
   if (count && ctx->draw->select.render_mode == GL_RENDER)
      draw_vertices(ctx, mode, v, NULL, index, count);
}

void
st_draw_vertices_direct(struct st_context *ctx, GLenum mode,
                        const struct st_draw_arrays_direct *arrays, size_t count)
{
   if (count && ctx->draw->select.render_mode == GL_RENDER)
      draw_vertices(ctx, mode, NULL, arrays, NULL, count);
}
