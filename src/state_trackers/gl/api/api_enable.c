/*
 * glEnable, glDisable, glIsEnabled.  Every GL 2.1 capability is accepted
 * and recorded, whether or not the state it switches does anything yet.
 */
#include "api.h"
#include "st_draw.h"
#include "st_xfb.h"

struct cap_entry {
   GLenum cap;
   int16_t st_cap;
};

/* glPushAttrib groups of each capability (GL 2.1 state tables 6.5ff). */
static GLbitfield
group_of(enum st_cap c)
{
   if (c >= ST_CAP_CLIP_PLANE0 && c < ST_CAP_CLIP_PLANE0 + ST_MAX_CLIP_PLANES)
      return GL_TRANSFORM_BIT;
   if (c >= ST_CAP_LIGHT0 && c < ST_CAP_LIGHT0 + 8)
      return GL_LIGHTING_BIT;
   if (c >= ST_CAP_MAP1_COLOR_4 && c <= ST_CAP_MAP2_VERTEX_4)
      return GL_EVAL_BIT;
   switch (c) {
   case ST_CAP_ALPHA_TEST: case ST_CAP_BLEND: case ST_CAP_COLOR_LOGIC_OP:
   case ST_CAP_INDEX_LOGIC_OP: case ST_CAP_DITHER: case ST_CAP_FRAMEBUFFER_SRGB:
      return GL_COLOR_BUFFER_BIT;
   case ST_CAP_AUTO_NORMAL:
      return GL_EVAL_BIT;
   case ST_CAP_COLOR_MATERIAL: case ST_CAP_LIGHTING:
      return GL_LIGHTING_BIT;
   case ST_CAP_COLOR_SUM: case ST_CAP_FOG:
      return GL_FOG_BIT;
   case ST_CAP_COLOR_TABLE: case ST_CAP_POST_CONVOLUTION_COLOR_TABLE:
   case ST_CAP_POST_COLOR_MATRIX_COLOR_TABLE: case ST_CAP_CONVOLUTION_1D:
   case ST_CAP_CONVOLUTION_2D: case ST_CAP_SEPARABLE_2D: case ST_CAP_HISTOGRAM:
   case ST_CAP_MINMAX:
      return GL_PIXEL_MODE_BIT;
   case ST_CAP_CULL_FACE: case ST_CAP_POLYGON_OFFSET_FILL: case ST_CAP_POLYGON_OFFSET_LINE:
   case ST_CAP_POLYGON_OFFSET_POINT: case ST_CAP_POLYGON_SMOOTH: case ST_CAP_POLYGON_STIPPLE:
      return GL_POLYGON_BIT;
   case ST_CAP_DEPTH_TEST:
      return GL_DEPTH_BUFFER_BIT;
   case ST_CAP_LINE_SMOOTH: case ST_CAP_LINE_STIPPLE:
      return GL_LINE_BIT;
   case ST_CAP_MULTISAMPLE: case ST_CAP_SAMPLE_ALPHA_TO_COVERAGE:
   case ST_CAP_SAMPLE_ALPHA_TO_ONE: case ST_CAP_SAMPLE_COVERAGE: case ST_CAP_SAMPLE_MASK:
      return GL_MULTISAMPLE_BIT;
   case ST_CAP_NORMALIZE: case ST_CAP_RESCALE_NORMAL: case ST_CAP_DEPTH_CLAMP:
      return GL_TRANSFORM_BIT;
   case ST_CAP_POINT_SMOOTH: case ST_CAP_POINT_SPRITE:
      return GL_POINT_BIT;
   case ST_CAP_SCISSOR_TEST:
      return GL_SCISSOR_BIT;
   case ST_CAP_STENCIL_TEST:
      return GL_STENCIL_BUFFER_BIT;
   case ST_CAP_TEXTURE_1D: case ST_CAP_TEXTURE_2D: case ST_CAP_TEXTURE_3D:
   case ST_CAP_TEXTURE_CUBE_MAP: case ST_CAP_TEXTURE_GEN_S: case ST_CAP_TEXTURE_GEN_T:
   case ST_CAP_TEXTURE_GEN_R: case ST_CAP_TEXTURE_GEN_Q: case ST_CAP_TEXTURE_RECTANGLE:
      return GL_TEXTURE_BIT;
   default:
      return 0;   /* the vertex-program enables: GL_ENABLE_BIT only */
   }
}

GLbitfield
st_cap_attrib_bits(enum st_cap cap)
{
   return group_of(cap);
}

static const struct cap_entry caps[] = {
   { GL_ALPHA_TEST, ST_CAP_ALPHA_TEST },
   { GL_AUTO_NORMAL, ST_CAP_AUTO_NORMAL },
   { GL_BLEND, ST_CAP_BLEND },
   { GL_CLIP_PLANE0, ST_CAP_CLIP_PLANE0 + 0 },
   { GL_CLIP_PLANE1, ST_CAP_CLIP_PLANE0 + 1 },
   { GL_CLIP_PLANE2, ST_CAP_CLIP_PLANE0 + 2 },
   { GL_CLIP_PLANE3, ST_CAP_CLIP_PLANE0 + 3 },
   { GL_CLIP_PLANE4, ST_CAP_CLIP_PLANE0 + 4 },
   { GL_CLIP_PLANE5, ST_CAP_CLIP_PLANE0 + 5 },
   { GL_CLIP_DISTANCE6, ST_CAP_CLIP_PLANE0 + 6 },   /* GL 3.0's names of planes 6 and 7 */
   { GL_CLIP_DISTANCE7, ST_CAP_CLIP_PLANE0 + 7 },
   { GL_COLOR_LOGIC_OP, ST_CAP_COLOR_LOGIC_OP },
   { GL_COLOR_MATERIAL, ST_CAP_COLOR_MATERIAL },
   { GL_COLOR_SUM, ST_CAP_COLOR_SUM },
   { GL_COLOR_TABLE, ST_CAP_COLOR_TABLE },
   { GL_CONVOLUTION_1D, ST_CAP_CONVOLUTION_1D },
   { GL_CONVOLUTION_2D, ST_CAP_CONVOLUTION_2D },
   { GL_CULL_FACE, ST_CAP_CULL_FACE },
   { GL_DEPTH_TEST, ST_CAP_DEPTH_TEST },
   { GL_DITHER, ST_CAP_DITHER },
   { GL_FOG, ST_CAP_FOG },
   { GL_FRAMEBUFFER_SRGB, ST_CAP_FRAMEBUFFER_SRGB },
   { GL_HISTOGRAM, ST_CAP_HISTOGRAM },
   { GL_INDEX_LOGIC_OP, ST_CAP_INDEX_LOGIC_OP },
   { GL_LIGHT0, ST_CAP_LIGHT0 + 0 },
   { GL_LIGHT1, ST_CAP_LIGHT0 + 1 },
   { GL_LIGHT2, ST_CAP_LIGHT0 + 2 },
   { GL_LIGHT3, ST_CAP_LIGHT0 + 3 },
   { GL_LIGHT4, ST_CAP_LIGHT0 + 4 },
   { GL_LIGHT5, ST_CAP_LIGHT0 + 5 },
   { GL_LIGHT6, ST_CAP_LIGHT0 + 6 },
   { GL_LIGHT7, ST_CAP_LIGHT0 + 7 },
   { GL_LIGHTING, ST_CAP_LIGHTING },
   { GL_LINE_SMOOTH, ST_CAP_LINE_SMOOTH },
   { GL_LINE_STIPPLE, ST_CAP_LINE_STIPPLE },
   { GL_MAP1_COLOR_4, ST_CAP_MAP1_COLOR_4 },
   { GL_MAP1_INDEX, ST_CAP_MAP1_INDEX },
   { GL_MAP1_NORMAL, ST_CAP_MAP1_NORMAL },
   { GL_MAP1_TEXTURE_COORD_1, ST_CAP_MAP1_TEXTURE_COORD_1 },
   { GL_MAP1_TEXTURE_COORD_2, ST_CAP_MAP1_TEXTURE_COORD_2 },
   { GL_MAP1_TEXTURE_COORD_3, ST_CAP_MAP1_TEXTURE_COORD_3 },
   { GL_MAP1_TEXTURE_COORD_4, ST_CAP_MAP1_TEXTURE_COORD_4 },
   { GL_MAP1_VERTEX_3, ST_CAP_MAP1_VERTEX_3 },
   { GL_MAP1_VERTEX_4, ST_CAP_MAP1_VERTEX_4 },
   { GL_MAP2_COLOR_4, ST_CAP_MAP2_COLOR_4 },
   { GL_MAP2_INDEX, ST_CAP_MAP2_INDEX },
   { GL_MAP2_NORMAL, ST_CAP_MAP2_NORMAL },
   { GL_MAP2_TEXTURE_COORD_1, ST_CAP_MAP2_TEXTURE_COORD_1 },
   { GL_MAP2_TEXTURE_COORD_2, ST_CAP_MAP2_TEXTURE_COORD_2 },
   { GL_MAP2_TEXTURE_COORD_3, ST_CAP_MAP2_TEXTURE_COORD_3 },
   { GL_MAP2_TEXTURE_COORD_4, ST_CAP_MAP2_TEXTURE_COORD_4 },
   { GL_MAP2_VERTEX_3, ST_CAP_MAP2_VERTEX_3 },
   { GL_MAP2_VERTEX_4, ST_CAP_MAP2_VERTEX_4 },
   { GL_MINMAX, ST_CAP_MINMAX },
   { GL_MULTISAMPLE, ST_CAP_MULTISAMPLE },
   { GL_NORMALIZE, ST_CAP_NORMALIZE },
   { GL_POINT_SMOOTH, ST_CAP_POINT_SMOOTH },
   { GL_POINT_SPRITE, ST_CAP_POINT_SPRITE },
   { GL_POLYGON_OFFSET_FILL, ST_CAP_POLYGON_OFFSET_FILL },
   { GL_POLYGON_OFFSET_LINE, ST_CAP_POLYGON_OFFSET_LINE },
   { GL_POLYGON_OFFSET_POINT, ST_CAP_POLYGON_OFFSET_POINT },
   { GL_POLYGON_SMOOTH, ST_CAP_POLYGON_SMOOTH },
   { GL_POLYGON_STIPPLE, ST_CAP_POLYGON_STIPPLE },
   { GL_POST_COLOR_MATRIX_COLOR_TABLE, ST_CAP_POST_COLOR_MATRIX_COLOR_TABLE },
   { GL_POST_CONVOLUTION_COLOR_TABLE, ST_CAP_POST_CONVOLUTION_COLOR_TABLE },
   { GL_RESCALE_NORMAL, ST_CAP_RESCALE_NORMAL },
   { GL_SAMPLE_ALPHA_TO_COVERAGE, ST_CAP_SAMPLE_ALPHA_TO_COVERAGE },
   { GL_SAMPLE_ALPHA_TO_ONE, ST_CAP_SAMPLE_ALPHA_TO_ONE },
   { GL_SAMPLE_COVERAGE, ST_CAP_SAMPLE_COVERAGE },
   { GL_SAMPLE_MASK, ST_CAP_SAMPLE_MASK },   /* only with caps.tex_multisample */
   { GL_SEPARABLE_2D, ST_CAP_SEPARABLE_2D },
   { GL_SCISSOR_TEST, ST_CAP_SCISSOR_TEST },
   { GL_STENCIL_TEST, ST_CAP_STENCIL_TEST },
   { GL_TEXTURE_1D, ST_CAP_TEXTURE_1D },
   { GL_TEXTURE_2D, ST_CAP_TEXTURE_2D },
   { GL_TEXTURE_3D, ST_CAP_TEXTURE_3D },
   { GL_TEXTURE_CUBE_MAP, ST_CAP_TEXTURE_CUBE_MAP },
   { GL_TEXTURE_GEN_S, ST_CAP_TEXTURE_GEN_S },
   { GL_TEXTURE_GEN_T, ST_CAP_TEXTURE_GEN_T },
   { GL_TEXTURE_GEN_R, ST_CAP_TEXTURE_GEN_R },
   { GL_TEXTURE_GEN_Q, ST_CAP_TEXTURE_GEN_Q },
   { GL_TEXTURE_RECTANGLE_ARB, ST_CAP_TEXTURE_RECTANGLE },
   { GL_VERTEX_PROGRAM_ARB, ST_CAP_VERTEX_PROGRAM },
   { GL_FRAGMENT_PROGRAM_ARB, ST_CAP_FRAGMENT_PROGRAM },
   { GL_FRAGMENT_SHADER_ATI, ST_CAP_FRAGMENT_SHADER_ATI },
   { GL_VERTEX_PROGRAM_POINT_SIZE, ST_CAP_VERTEX_PROGRAM_POINT_SIZE },
   { GL_VERTEX_PROGRAM_TWO_SIDE, ST_CAP_VERTEX_PROGRAM_TWO_SIDE },
   { GL_DEPTH_CLAMP, ST_CAP_DEPTH_CLAMP },                  /* only with caps.ext_depth_clamp */
   { GL_TEXTURE_CUBE_MAP_SEAMLESS, ST_CAP_TEXTURE_CUBE_MAP_SEAMLESS },   /* caps.ext_seamless */
   { GL_RASTERIZER_DISCARD, ST_CAP_RASTERIZER_DISCARD },   /* EXT_transform_feedback */
   /* client arrays: glIsEnabled only (glEnableClientState) */
   { GL_VERTEX_ARRAY, ST_CAP_CLIENT },
   { GL_NORMAL_ARRAY, ST_CAP_CLIENT },
   { GL_COLOR_ARRAY, ST_CAP_CLIENT },
   { GL_INDEX_ARRAY, ST_CAP_CLIENT },
   { GL_TEXTURE_COORD_ARRAY, ST_CAP_CLIENT },
   { GL_EDGE_FLAG_ARRAY, ST_CAP_CLIENT },
   { GL_FOG_COORD_ARRAY, ST_CAP_CLIENT },
   { GL_SECONDARY_COLOR_ARRAY, ST_CAP_CLIENT },
   { GL_PRIMITIVE_RESTART_NV, ST_CAP_CLIENT },   /* GL_NV_primitive_restart */
};

/* The capabilities the core profile keeps (GL 3.2 core, table 6.x and
 * appendix E: the fixed-function, evaluator, imaging and client-array
 * enables are gone). */
static bool
core_cap(int c)
{
   if (c >= ST_CAP_CLIP_PLANE0 && c < ST_CAP_CLIP_PLANE0 + ST_MAX_CLIP_PLANES)
      return true;   /* GL_CLIP_DISTANCEi */
   switch (c) {
   case ST_CAP_BLEND: case ST_CAP_COLOR_LOGIC_OP: case ST_CAP_CULL_FACE:
   case ST_CAP_DEPTH_TEST: case ST_CAP_DITHER: case ST_CAP_LINE_SMOOTH:
   case ST_CAP_MULTISAMPLE: case ST_CAP_POLYGON_OFFSET_FILL: case ST_CAP_POLYGON_OFFSET_LINE:
   case ST_CAP_POLYGON_OFFSET_POINT: case ST_CAP_POLYGON_SMOOTH:
   case ST_CAP_SAMPLE_ALPHA_TO_COVERAGE: case ST_CAP_SAMPLE_ALPHA_TO_ONE:
   case ST_CAP_SAMPLE_COVERAGE: case ST_CAP_SCISSOR_TEST: case ST_CAP_STENCIL_TEST:
   case ST_CAP_VERTEX_PROGRAM_POINT_SIZE:   /* GL_PROGRAM_POINT_SIZE */
   case ST_CAP_FRAMEBUFFER_SRGB: case ST_CAP_SAMPLE_MASK: case ST_CAP_DEPTH_CLAMP:
   case ST_CAP_TEXTURE_CUBE_MAP_SEAMLESS: case ST_CAP_RASTERIZER_DISCARD:
      return true;
   default:
      return false;
   }
}

bool
st_cap_offered(const struct st_context *ctx, int c)
{
   if (ctx->profile == ST_PROFILE_CORE && !core_cap(c))
      return false;
   switch (c) {
   case ST_CAP_DEPTH_CLAMP:
      return ctx->caps.ext_depth_clamp && st_desktop(ctx);
   case ST_CAP_TEXTURE_CUBE_MAP_SEAMLESS:
      return ctx->caps.ext_seamless_cube_map && st_desktop(ctx);
   case ST_CAP_RASTERIZER_DISCARD:
      return st_xfb_enabled(ctx);   /* EXT_transform_feedback */
   default:
      return true;
   }
}

int
st_cap_lookup(GLenum cap)
{
   for (unsigned i = 0; i < sizeof caps / sizeof caps[0]; i++) {
      if (caps[i].cap == cap)
         return caps[i].st_cap;
   }
   return ST_CAP_NONE;
}

static void
set_cap(const char *where, GLenum cap, bool on)
{
   ST_ENTRY(ctx);
   if (ctx->profile == ST_PROFILE_GLES1 && !st_es1_cap_ok(cap)) {
      st_error(ctx, GL_INVALID_ENUM, where);
      return;
   }
   if (st_debug_enable(ctx, cap, on, NULL))   /* GL_DEBUG_OUTPUT(_SYNCHRONOUS), st_debug.c */
      return;
   if (st_primitive_restart_cap(ctx, cap, on, NULL))   /* GL 3.1 (st_array.c) */
      return;
   int c = st_cap_lookup(cap);
   if (c == ST_CAP_CLIENT && ctx->profile == ST_PROFILE_GLES1) {
      st_error(ctx, GL_INVALID_ENUM, where);   /* ES has no glEnable alias of client state */
      return;
   }
   if (c == ST_CAP_CLIENT && ctx->profile == ST_PROFILE_CORE) {
      st_error(ctx, GL_INVALID_ENUM, where);   /* no client arrays in the core profile */
      return;
   }
   if (c == ST_CAP_CLIENT) {
      /* glEnable of a client array: legacy alias of glEnableClientState that
       * Mesa's compatibility contexts (and old applications) rely on */
      st_client_state_set(ctx, cap, on);
      return;
   }
   if (c < 0 || (c == ST_CAP_FRAMEBUFFER_SRGB && ctx->profile == ST_PROFILE_GLES2) ||
       (c == ST_CAP_SAMPLE_MASK && !ctx->caps.tex_multisample) ||
       (c == ST_CAP_FRAGMENT_SHADER_ATI && ctx->profile != ST_PROFILE_COMPAT) ||
       !st_cap_offered(ctx, c)) {
      st_error(ctx, GL_INVALID_ENUM, where);   /* ES 2 has no GL_FRAMEBUFFER_SRGB */
      return;
   }
   if (st_texture_enable(ctx, c, on) >= 0)   /* per texture unit (st_texture.c) */
      return;
   if (c == ST_CAP_BLEND)
      ctx->enable.blend_bufs = on ? 0xff : 0;   /* every draw buffer (EXT_draw_buffers2) */
   uint64_t bit = 1ull << (c % 64);
   bool was = (ctx->enable.bits[c / 64] & bit) != 0;
   if (was == on)
      return;
   if (on)
      ctx->enable.bits[c / 64] |= bit;
   else
      ctx->enable.bits[c / 64] &= ~bit;
   if (c == ST_CAP_SCISSOR_TEST)
      ctx->dirty |= ST_NEW_SCISSOR;
   if (c == ST_CAP_FRAMEBUFFER_SRGB)
      ctx->dirty |= ST_NEW_FRAMEBUFFER;   /* sRGB attachments change surface format */
   if (c == ST_CAP_COLOR_MATERIAL && on)
      st_color_material_track(ctx);   /* the current colour applies at once */
}

void GLAPIENTRY
api_glEnable(GLenum cap)
{
   set_cap("glEnable", cap, true);
}

void GLAPIENTRY
api_glDisable(GLenum cap)
{
   set_cap("glDisable", cap, false);
}

GLboolean GLAPIENTRY
api_glIsEnabled(GLenum cap)
{
   ST_ENTRY_RET(ctx, GL_FALSE);
   if (ctx->profile == ST_PROFILE_GLES1 && !st_es1_cap_ok(cap)) {
      st_error(ctx, GL_INVALID_ENUM, "glIsEnabled");
      return GL_FALSE;
   }
   bool dbg;
   if (st_debug_enable(ctx, cap, -1, &dbg))
      return dbg ? GL_TRUE : GL_FALSE;
   bool restart;
   if (st_primitive_restart_cap(ctx, cap, -1, &restart))
      return restart ? GL_TRUE : GL_FALSE;
   int c = st_cap_lookup(cap);
   if (c == ST_CAP_CLIENT && ctx->profile != ST_PROFILE_CORE)
      return st_client_array_enabled(ctx, cap) ? GL_TRUE : GL_FALSE;
   if (c < 0 || (c == ST_CAP_FRAMEBUFFER_SRGB && ctx->profile == ST_PROFILE_GLES2) ||
       (c == ST_CAP_SAMPLE_MASK && !ctx->caps.tex_multisample) ||
       (c == ST_CAP_FRAGMENT_SHADER_ATI && ctx->profile != ST_PROFILE_COMPAT) ||
       !st_cap_offered(ctx, c)) {
      st_error(ctx, GL_INVALID_ENUM, "glIsEnabled");
      return GL_FALSE;
   }
   int tex = st_texture_enable(ctx, c, -1);
   if (tex >= 0)
      return tex ? GL_TRUE : GL_FALSE;
   return st_is_enabled(ctx, (enum st_cap)c) ? GL_TRUE : GL_FALSE;
}

/* --- EXT_draw_buffers2: GL_BLEND per draw buffer ------------------------------------ */

/* The checks of glEnable/Disable/IsEnabledIndexedEXT: the extension is
 * offered, the target is indexed state (GL_BLEND is the only one the
 * extension enables), the index names a draw buffer. */
static bool
indexed_cap_ok(struct st_context *ctx, GLenum target, GLuint index, const char *where)
{
   if (!ctx->caps.ext_draw_buffers2) {
      st_error(ctx, GL_INVALID_OPERATION, where);
      return false;
   }
   if (target != GL_BLEND) {
      st_error(ctx, GL_INVALID_ENUM, where);
      return false;
   }
   if (index >= 8) {
      st_error(ctx, GL_INVALID_VALUE, where);
      return false;
   }
   return true;
}

static void
set_blend_indexed(struct st_context *ctx, GLuint index, bool on)
{
   if (on)
      ctx->enable.blend_bufs |= (uint8_t)(1u << index);
   else
      ctx->enable.blend_bufs &= (uint8_t)~(1u << index);
   /* buffer 0's enable is also glIsEnabled(GL_BLEND)'s */
   uint64_t bit = 1ull << (ST_CAP_BLEND % 64);
   if (ctx->enable.blend_bufs & 1)
      ctx->enable.bits[ST_CAP_BLEND / 64] |= bit;
   else
      ctx->enable.bits[ST_CAP_BLEND / 64] &= ~bit;
}

void GLAPIENTRY
api_glEnableIndexedEXT(GLenum target, GLuint index)
{
   ST_ENTRY(ctx);
   if (indexed_cap_ok(ctx, target, index, "glEnableIndexedEXT"))
      set_blend_indexed(ctx, index, true);
}

void GLAPIENTRY
api_glDisableIndexedEXT(GLenum target, GLuint index)
{
   ST_ENTRY(ctx);
   if (indexed_cap_ok(ctx, target, index, "glDisableIndexedEXT"))
      set_blend_indexed(ctx, index, false);
}

GLboolean GLAPIENTRY
api_glIsEnabledIndexedEXT(GLenum target, GLuint index)
{
   ST_ENTRY_RET(ctx, GL_FALSE);
   if (!indexed_cap_ok(ctx, target, index, "glIsEnabledIndexedEXT"))
      return GL_FALSE;
   return (ctx->enable.blend_bufs >> index) & 1 ? GL_TRUE : GL_FALSE;
}
