/*
 * glGetBooleanv, glGetIntegerv, glGetFloatv, glGetDoublev.  Each state
 * value is looked up once with its natural type (get_value) and converted
 * to the caller's type by GL 2.1 section 6.1.2: integers to float
 * exactly; floats to integer by rounding; normalized values (colours,
 * depth) onto the whole integer range; anything non-zero to GL_TRUE.
 */
#include <math.h>
#include <string.h>

#include "api.h"
#include "st_ubo.h"
#include "st_arbprog.h"
#include "st_atifs.h"
#include "st_clamp.h"
#include "st_glsl.h"
#include "st_draw.h"
#include "format/u_format.h"
#include "st_fbo.h"
#include "st_framebuffer.h"
#include "st_sync.h"
#include "st_texms.h"
#include "st_xfb.h"

enum value_kind {
   V_INT,      /* GLint */
   V_UINT,     /* GLuint (masks): reinterpreted as GLint */
   V_ENUM,
   V_BOOL,
   V_FLOAT,    /* plain float: rounded to integers */
   V_NORM,     /* normalized [-1, 1]: mapped onto the integer range */
};

struct value {
   enum value_kind kind;
   unsigned count;
   GLint64 i[32];   /* 16: matrices; 32: ES 3.0 compressed format list */
   GLdouble d[32];
};

/* --- conversions (exported for the tests) --------------------------------- */

GLint
st_get_float_to_int(GLdouble f)
{
   return st_float_to_int_trunc(floor(f + 0.5));   /* NaN stays NaN: 0 */
}

GLint
st_float_to_int_trunc(GLdouble f)
{
   if (f != f)
      return 0;
   if (f >= 2147483647.0)
      return 2147483647;
   if (f <= -2147483648.0)
      return -2147483647 - 1;
   return (GLint)f;
}

GLint
st_get_norm_to_int(GLdouble f)
{
   if (f != f)
      return 0;
   if (f > 1.0)
      f = 1.0;
   if (f < -1.0)
      f = -1.0;
   /* GL 2.1 table 4.7 for GLint: ((2^32 - 1) f - 1) / 2 */
   GLdouble c = floor((4294967295.0 * f - 1.0) / 2.0 + 0.5);
   if (c >= 2147483647.0)
      return 2147483647;
   if (c <= -2147483648.0)
      return -2147483647 - 1;
   return (GLint)c;
}

GLboolean
st_get_float_to_bool(GLdouble f)
{
   return f != 0.0 ? GL_TRUE : GL_FALSE;
}

GLboolean
st_get_int_to_bool(GLint64 i)
{
   return i != 0 ? GL_TRUE : GL_FALSE;
}

static GLint
channel_bits(const struct util_format_description *d, unsigned swz)
{
   if (swz >= 4 || d->channel[swz].type == UTIL_FORMAT_TYPE_VOID)
      return 0;
   return d->channel[swz].size;
}

void
st_visual_bits(const struct st_visual *v, GLint rgba[4], GLint *depth, GLint *stencil)
{
   for (unsigned i = 0; i < 4; i++)
      rgba[i] = 0;
   *depth = *stencil = 0;
   if (v->color_format != PIPE_FORMAT_NONE) {
      const struct util_format_description *d = util_format_description(v->color_format);
      for (unsigned i = 0; i < 4; i++)
         rgba[i] = channel_bits(d, d->swizzle[i]);
   }
   if (v->depth_stencil_format != PIPE_FORMAT_NONE) {
      const struct util_format_description *d =
         util_format_description(v->depth_stencil_format);
      if (d->is_depth)
         *depth = channel_bits(d, d->swizzle[0]);
      if (d->is_stencil)
         *stencil = channel_bits(d, d->swizzle[1]);
   }
}

/* --- state lookup --------------------------------------------------------- */

static void
set_ints(struct value *v, enum value_kind kind, unsigned count, GLint64 a, GLint64 b,
         GLint64 c, GLint64 d)
{
   v->kind = kind;
   v->count = count;
   v->i[0] = a;
   v->i[1] = b;
   v->i[2] = c;
   v->i[3] = d;
}

static void
set_doubles(struct value *v, enum value_kind kind, unsigned count, GLdouble a, GLdouble b,
            GLdouble c, GLdouble d)
{
   v->kind = kind;
   v->count = count;
   v->d[0] = a;
   v->d[1] = b;
   v->d[2] = c;
   v->d[3] = d;
}

static void
set_matrix(struct value *v, const float *m)
{
   v->kind = V_FLOAT;
   v->count = 16;
   for (unsigned i = 0; i < 16; i++)
      v->d[i] = m[i];
}

static bool
get_value(struct st_context *ctx, GLenum pname, struct value *v)
{
   const struct st_visual *vis = ctx->draw_fb.iface ? &ctx->draw_fb.visual : &ctx->visual;
   const struct st_pixelstore *pk = &ctx->pixelstore.pack, *up = &ctx->pixelstore.unpack;
   GLint bits[4], depth_bits, stencil_bits;

   if (st_pixelstore_pname_hidden(ctx, pname))   /* api_pixelstore.c */
      return false;

   /* framebuffer-object state and what depends on the bound framebuffer (st_fbo.c) */
   GLint fbo_value;
   int fbo_kind = st_fbo_get(ctx, pname, &fbo_value);
   if (fbo_kind) {
      set_ints(v, fbo_kind == 2 ? V_ENUM : V_INT, 1, fbo_value, 0, 0, 0);
      return true;
   }

   switch (pname) {
   /* viewport, depth range, scissor */
   case GL_VIEWPORT:
      set_ints(v, V_INT, 4, ctx->viewport.x, ctx->viewport.y, ctx->viewport.width,
               ctx->viewport.height);
      return true;
   case GL_DEPTH_RANGE:
      set_doubles(v, V_NORM, 2, ctx->viewport.near_val, ctx->viewport.far_val, 0, 0);
      return true;
   case GL_SCISSOR_BOX:
      set_ints(v, V_INT, 4, ctx->scissor.x, ctx->scissor.y, ctx->scissor.width,
               ctx->scissor.height);
      return true;
   case GL_MAX_VIEWPORT_DIMS:
      set_ints(v, V_INT, 2, ctx->caps.max_viewport_dims, ctx->caps.max_viewport_dims, 0, 0);
      return true;

   /* clear values and write masks */
   case GL_COLOR_CLEAR_VALUE: {
      /* ARB_color_buffer_float section 6.1.2: clamped under fragment clamping */
      float c[4];
      memcpy(c, ctx->color.clear_color, sizeof c);
      st_clamp_floats01(c, 4, st_clamp_fragment_color(ctx));
      set_doubles(v, V_NORM, 4, c[0], c[1], c[2], c[3]);
      return true;
   }
   case GL_CLAMP_VERTEX_COLOR:   /* ARB_color_buffer_float (api_clamp.c) */
   case GL_CLAMP_FRAGMENT_COLOR:
   case GL_CLAMP_READ_COLOR:
      if (!ctx->caps.arb_color_buffer_float)
         return false;
      set_ints(v, V_ENUM, 1,
               pname == GL_CLAMP_VERTEX_COLOR ? ctx->clamp.vertex :
               pname == GL_CLAMP_FRAGMENT_COLOR ? ctx->clamp.fragment : ctx->clamp.read,
               0, 0, 0);
      return true;
   case GL_RGBA_FLOAT_MODE_ARB: {   /* a floating-point colour buffer drawn to? */
      if (!ctx->caps.arb_color_buffer_float)
         return false;
      struct st_fb_buffer cb[ST_MAX_DRAW_BUFFERS];
      unsigned ncb = st_fb_draw_colors(ctx, cb);
      bool any = false;
      for (unsigned i = 0; i < ncb; i++)
         any = any || st_clamp_format_is_float(cb[i].format);
      set_ints(v, V_BOOL, 1, any, 0, 0, 0);
      return true;
   }
   case GL_DEPTH_CLEAR_VALUE:
      set_doubles(v, V_NORM, 1, ctx->depth.clear, 0, 0, 0);
      return true;
   case GL_RGBA_INTEGER_MODE_EXT: {   /* EXT_texture_integer: an integer draw colour buffer? */
      if (!ctx->caps.ext_texture_integer)
         return false;
      /* any of the draw buffers (a float buffer 0 beside an integer buffer
       * 1 is integer mode too: piglit's gl-3.1-mixed-int-float-fbo) */
      struct st_fb_buffer cb[ST_MAX_DRAW_BUFFERS];
      unsigned ncb = st_fb_draw_colors(ctx, cb);
      bool any = false;
      for (unsigned i = 0; i < ncb; i++)
         any = any || util_format_description(cb[i].format)->is_pure_integer;
      set_ints(v, V_BOOL, 1, any, 0, 0, 0);
      return true;
   }
   case GL_STENCIL_CLEAR_VALUE:
      set_ints(v, V_INT, 1, ctx->stencil.clear, 0, 0, 0);
      return true;
   case GL_COLOR_WRITEMASK:
      set_ints(v, V_BOOL, 4, ctx->color.color_mask[0][0], ctx->color.color_mask[0][1],
               ctx->color.color_mask[0][2], ctx->color.color_mask[0][3]);
      return true;
   case GL_DEPTH_WRITEMASK:
      set_ints(v, V_BOOL, 1, ctx->depth.mask, 0, 0, 0);
      return true;
   case GL_STENCIL_WRITEMASK:
      set_ints(v, V_UINT, 1, ctx->stencil.writemask[0], 0, 0, 0);
      return true;
   case GL_STENCIL_BACK_WRITEMASK:
      set_ints(v, V_UINT, 1, ctx->stencil.writemask[1], 0, 0, 0);
      return true;

   /* buffers */
   case GL_DRAW_BUFFER:
   case GL_DRAW_BUFFER0:
      set_ints(v, V_ENUM, 1, ctx->color.draw_buffer, 0, 0, 0);
      return true;
   case GL_READ_BUFFER:
      set_ints(v, V_ENUM, 1, ctx->pixel.read_buffer, 0, 0, 0);
      return true;
   case GL_DOUBLEBUFFER:
      set_ints(v, V_BOOL, 1, vis->double_buffered, 0, 0, 0);
      return true;
   case GL_STEREO:
   case GL_INDEX_MODE:
      set_ints(v, V_BOOL, 1, 0, 0, 0, 0);
      return true;
   case GL_RGBA_MODE:
      set_ints(v, V_BOOL, 1, 1, 0, 0, 0);
      return true;
   case GL_RED_BITS: case GL_GREEN_BITS: case GL_BLUE_BITS: case GL_ALPHA_BITS:
   case GL_DEPTH_BITS: case GL_STENCIL_BITS:
      st_visual_bits(vis, bits, &depth_bits, &stencil_bits);
      set_ints(v, V_INT, 1,
               pname == GL_RED_BITS ? bits[0] : pname == GL_GREEN_BITS ? bits[1] :
               pname == GL_BLUE_BITS ? bits[2] : pname == GL_ALPHA_BITS ? bits[3] :
               pname == GL_DEPTH_BITS ? depth_bits : stencil_bits, 0, 0, 0);
      return true;
   case GL_INDEX_BITS: case GL_AUX_BUFFERS:
   case GL_ACCUM_RED_BITS: case GL_ACCUM_GREEN_BITS: case GL_ACCUM_BLUE_BITS:
   case GL_ACCUM_ALPHA_BITS:
      set_ints(v, V_INT, 1, 0, 0, 0, 0);
      return true;
   case GL_RGBA_SIGNED_COMPONENTS_EXT: {   /* EXT_packed_float */
      if (!ctx->caps.ext_packed_float)
         return false;
      GLint sc[4];
      st_fb_draw_signed_components(ctx, sc);
      set_ints(v, V_BOOL, 4, sc[0], sc[1], sc[2], sc[3]);
      return true;
   }
   case GL_FRAMEBUFFER_SRGB_CAPABLE_EXT:
      if (ctx->profile == ST_PROFILE_GLES1 || ctx->profile == ST_PROFILE_GLES2)
         return false;
      set_ints(v, V_BOOL, 1, st_fb_draw_srgb_capable(ctx), 0, 0, 0);
      return true;
   case GL_SAMPLE_BUFFERS:
      set_ints(v, V_INT, 1, vis->samples > 1, 0, 0, 0);
      return true;
   case GL_SAMPLES:
      set_ints(v, V_INT, 1, vis->samples > 1 ? vis->samples : 0, 0, 0, 0);
      return true;

   /* limits */
   case GL_MAX_DUAL_SOURCE_DRAW_BUFFERS:   /* EXT_ (ES) / ARB_blend_func_extended */
      if (ctx->profile == ST_PROFILE_GLES2 ? !ctx->caps.ext_blend_func_extended
                                           : !ctx->caps.arb_blend_func_extended)
         return false;
      set_ints(v, V_INT, 1, ST_GLSL_MAX_DUAL_SOURCE_DRAW_BUFFERS, 0, 0, 0);
      return true;
   case GL_MAX_TEXTURE_SIZE:
      set_ints(v, V_INT, 1, ctx->caps.max_texture_size, 0, 0, 0);
      return true;
   case GL_SUBPIXEL_BITS:
      set_ints(v, V_INT, 1, ctx->caps.subpixel_bits, 0, 0, 0);
      return true;
   case GL_TIMESTAMP: {   /* ARB_timer_query (api_query.c) */
      uint64_t ns;
      if (!st_desktop(ctx) || !st_query_timestamp(ctx, &ns))
         return false;
      set_ints(v, V_INT, 1, (GLint64)ns, 0, 0, 0);
      return true;
   }
   case GL_MAX_SERVER_WAIT_TIMEOUT:   /* ARB_sync (api_sync.c) */
      if (!ctx->caps.ext_sync && ctx->version < 32)
         return false;
      set_ints(v, V_INT, 1, ST_MAX_SERVER_WAIT_TIMEOUT, 0, 0, 0);
      return true;
   case GL_FRAGMENT_SHADER_DISCARDS_SAMPLES_EXT:
      /* EXT_shader_framebuffer_fetch: whether a discard in a shader that
       * reads the framebuffer drops samples rather than the fragment; the
       * fragment is dropped whole */
      if (!ctx->caps.ext_shader_framebuffer_fetch)
         return false;
      set_ints(v, V_BOOL, 1, 0, 0, 0, 0);
      return true;
   case GL_MAX_ELEMENT_INDEX:   /* ES 3.0 (GL 4.3): any 32-bit index is drawn */
      if (!st_es3(ctx))
         return false;
      set_ints(v, V_INT, 1, 0xffffffffll, 0, 0, 0);
      return true;
   case GL_NUM_PROGRAM_BINARY_FORMATS:   /* ES 3.0: glProgramBinary takes no format */
      if (!st_es3(ctx))
         return false;
      set_ints(v, V_INT, 1, 0, 0, 0, 0);
      return true;
   case GL_MAX_CLIP_PLANES:
      /* the GL_CLIP_PLANEi enables that exist (GL 3.0: GL_MAX_CLIP_DISTANCES,
       * the same enum) */
      set_ints(v, V_INT, 1, ST_MAX_CLIP_PLANES, 0, 0, 0);
      return true;
   case GL_MAX_LIGHTS:
      set_ints(v, V_INT, 1, 8, 0, 0, 0);
      return true;

   /* drawing state (st_draw_ctx) */
   case GL_MODELVIEW_MATRIX:
      set_matrix(v, ctx->draw->mv_stack[ctx->draw->mv_depth]);
      return true;
   case GL_PROJECTION_MATRIX:
      set_matrix(v, ctx->draw->proj_stack[ctx->draw->proj_depth]);
      return true;
   case GL_TEXTURE_MATRIX:
      set_matrix(v, ctx->draw->tex_stack[st_draw_matrix_unit(ctx)]
                                        [ctx->draw->tex_depth[st_draw_matrix_unit(ctx)]]);
      return true;
   case GL_MATRIX_MODE:
      set_ints(v, V_ENUM, 1, ctx->draw->matrix_mode, 0, 0, 0);
      return true;
   case GL_MODELVIEW_STACK_DEPTH:
      set_ints(v, V_INT, 1, ctx->draw->mv_depth + 1, 0, 0, 0);
      return true;
   case GL_PROJECTION_STACK_DEPTH:
      set_ints(v, V_INT, 1, ctx->draw->proj_depth + 1, 0, 0, 0);
      return true;
   case GL_TEXTURE_STACK_DEPTH:
      set_ints(v, V_INT, 1, ctx->draw->tex_depth[st_draw_matrix_unit(ctx)] + 1, 0, 0, 0);
      return true;
   case GL_MAX_MODELVIEW_STACK_DEPTH:
      set_ints(v, V_INT, 1, ST_MODELVIEW_STACK_DEPTH, 0, 0, 0);
      return true;
   case GL_MAX_PROJECTION_STACK_DEPTH:
      set_ints(v, V_INT, 1, ST_PROJECTION_STACK_DEPTH, 0, 0, 0);
      return true;
   case GL_MAX_TEXTURE_STACK_DEPTH:
      set_ints(v, V_INT, 1, ST_TEXTURE_STACK_DEPTH, 0, 0, 0);
      return true;
   case GL_CURRENT_COLOR: {
      const float *c = ctx->draw->current[ST_VATTR_COLOR];
      set_doubles(v, V_NORM, 4, c[0], c[1], c[2], c[3]);
      return true;
   }
   case GL_CURRENT_NORMAL: {
      const float *c = ctx->draw->current[ST_VATTR_NORMAL];
      set_doubles(v, V_NORM, 3, c[0], c[1], c[2], 0);
      return true;
   }
   case GL_CURRENT_TEXTURE_COORDS: {
      const float *c = ctx->draw->current[ST_VATTR_TEX0 + st_draw_matrix_unit(ctx)];
      set_doubles(v, V_FLOAT, 4, c[0], c[1], c[2], c[3]);
      return true;
   }
   case GL_SHADE_MODEL:
      set_ints(v, V_ENUM, 1, ctx->draw->shade_model, 0, 0, 0);
      return true;
   case GL_PROVOKING_VERTEX:   /* GL_ARB/EXT_provoking_vertex */
      if (!ctx->caps.ext_provoking_vertex || !st_desktop(ctx))
         return false;
      set_ints(v, V_ENUM, 1, ctx->draw->provoking_vertex, 0, 0, 0);
      return true;
   case GL_QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION:
      /* the draw module's quads take the convention's vertex (docs/draw.md);
       * a core profile has no quads: GL 3.2 core's table 6.45 lists the
       * state by mistake, GL 3.3 core drops it */
      if (!ctx->caps.ext_provoking_vertex || !st_desktop(ctx) ||
          (ctx->profile == ST_PROFILE_CORE && ctx->version != 32))
         return false;
      set_ints(v, V_BOOL, 1, 1, 0, 0, 0);
      return true;
   case GL_LIGHT_MODEL_AMBIENT: {
      const float *c = ctx->draw->lighting.model_ambient;
      set_doubles(v, V_NORM, 4, c[0], c[1], c[2], c[3]);
      return true;
   }
   case GL_LIGHT_MODEL_LOCAL_VIEWER:
      set_ints(v, V_BOOL, 1, ctx->draw->lighting.local_viewer, 0, 0, 0);
      return true;
   case GL_LIGHT_MODEL_TWO_SIDE:
      set_ints(v, V_BOOL, 1, ctx->draw->lighting.two_side, 0, 0, 0);
      return true;
   case GL_LIGHT_MODEL_COLOR_CONTROL:
      set_ints(v, V_ENUM, 1, ctx->draw->lighting.color_control, 0, 0, 0);
      return true;
   case GL_COLOR_MATERIAL_FACE:
      set_ints(v, V_ENUM, 1, ctx->draw->lighting.cm_face, 0, 0, 0);
      return true;
   case GL_COLOR_MATERIAL_PARAMETER:
      set_ints(v, V_ENUM, 1, ctx->draw->lighting.cm_mode, 0, 0, 0);
      return true;
   case GL_FOG_COORD_SRC:
      set_ints(v, V_ENUM, 1, ctx->draw->fog.coord_src, 0, 0, 0);
      return true;
   case GL_FOG_DISTANCE_MODE_NV:
      if (ctx->profile == ST_PROFILE_GLES1)
         return false;
      set_ints(v, V_ENUM, 1, ctx->draw->fog.distance_mode, 0, 0, 0);
      return true;
   case GL_FOG_MODE:
      set_ints(v, V_ENUM, 1, ctx->draw->fog.mode, 0, 0, 0);
      return true;
   case GL_FOG_DENSITY:
      set_doubles(v, V_FLOAT, 1, ctx->draw->fog.density, 0, 0, 0);
      return true;
   case GL_FOG_START:
      set_doubles(v, V_FLOAT, 1, ctx->draw->fog.start, 0, 0, 0);
      return true;
   case GL_FOG_END:
      set_doubles(v, V_FLOAT, 1, ctx->draw->fog.end, 0, 0, 0);
      return true;
   case GL_FOG_INDEX:
      set_doubles(v, V_FLOAT, 1, ctx->draw->fog.index, 0, 0, 0);
      return true;
   case GL_FOG_COLOR: {
      float c[4];
      memcpy(c, ctx->draw->fog.color, sizeof c);
      st_clamp_floats01(c, 4, st_clamp_fragment_color(ctx));
      set_doubles(v, V_NORM, 4, c[0], c[1], c[2], c[3]);
      return true;
   }
   case GL_DEPTH_FUNC:
      set_ints(v, V_ENUM, 1, ctx->draw->depth_func, 0, 0, 0);
      return true;
   case GL_CULL_FACE_MODE:
      set_ints(v, V_ENUM, 1, ctx->draw->cull_face, 0, 0, 0);
      return true;
   case GL_FRONT_FACE:
      set_ints(v, V_ENUM, 1, ctx->draw->front_face, 0, 0, 0);
      return true;
   case GL_POLYGON_MODE:
      set_ints(v, V_ENUM, 2, ctx->draw->polygon_mode[0], ctx->draw->polygon_mode[1], 0, 0);
      return true;
   case GL_BLEND_SRC:
      set_ints(v, V_ENUM, 1, ctx->draw->blend[0].src_rgb, 0, 0, 0);
      return true;
   case GL_BLEND_DST:
      set_ints(v, V_ENUM, 1, ctx->draw->blend[0].dst_rgb, 0, 0, 0);
      return true;
   case GL_BLEND_EQUATION:
      set_ints(v, V_ENUM, 1, ctx->draw->blend[0].eq_rgb, 0, 0, 0);
      return true;

   /* attribute stacks */
   case GL_ATTRIB_STACK_DEPTH:
      set_ints(v, V_INT, 1, ctx->attrib_depth, 0, 0, 0);
      return true;
   case GL_CLIENT_ATTRIB_STACK_DEPTH:
      set_ints(v, V_INT, 1, ctx->client_attrib_depth, 0, 0, 0);
      return true;
   case GL_MAX_ATTRIB_STACK_DEPTH:
   case GL_MAX_CLIENT_ATTRIB_STACK_DEPTH:
      set_ints(v, V_INT, 1, ST_MAX_ATTRIB_STACK_DEPTH, 0, 0, 0);
      return true;

   /* display lists (st_dlist.c) */
   case GL_LIST_INDEX:
      set_ints(v, V_INT, 1, ctx->dlist.name, 0, 0, 0);
      return true;
   case GL_LIST_MODE:
      set_ints(v, V_ENUM, 1, ctx->dlist.mode, 0, 0, 0);
      return true;
   case GL_LIST_BASE:
      set_ints(v, V_INT, 1, ctx->dlist.base, 0, 0, 0);
      return true;
   case GL_MAX_LIST_NESTING:
      set_ints(v, V_INT, 1, ST_MAX_LIST_NESTING, 0, 0, 0);
      return true;

   /* pixel store */
   case GL_PACK_SWAP_BYTES: set_ints(v, V_BOOL, 1, pk->swap_bytes, 0, 0, 0); return true;
   case GL_PACK_LSB_FIRST: set_ints(v, V_BOOL, 1, pk->lsb_first, 0, 0, 0); return true;
   case GL_PACK_ROW_LENGTH: set_ints(v, V_INT, 1, pk->row_length, 0, 0, 0); return true;
   case GL_PACK_IMAGE_HEIGHT: set_ints(v, V_INT, 1, pk->image_height, 0, 0, 0); return true;
   case GL_PACK_SKIP_ROWS: set_ints(v, V_INT, 1, pk->skip_rows, 0, 0, 0); return true;
   case GL_PACK_SKIP_PIXELS: set_ints(v, V_INT, 1, pk->skip_pixels, 0, 0, 0); return true;
   case GL_PACK_SKIP_IMAGES: set_ints(v, V_INT, 1, pk->skip_images, 0, 0, 0); return true;
   case GL_PACK_ALIGNMENT: set_ints(v, V_INT, 1, pk->alignment, 0, 0, 0); return true;
   case GL_UNPACK_SWAP_BYTES: set_ints(v, V_BOOL, 1, up->swap_bytes, 0, 0, 0); return true;
   case GL_UNPACK_LSB_FIRST: set_ints(v, V_BOOL, 1, up->lsb_first, 0, 0, 0); return true;
   case GL_UNPACK_ROW_LENGTH: set_ints(v, V_INT, 1, up->row_length, 0, 0, 0); return true;
   case GL_UNPACK_IMAGE_HEIGHT: set_ints(v, V_INT, 1, up->image_height, 0, 0, 0); return true;
   case GL_UNPACK_SKIP_ROWS: set_ints(v, V_INT, 1, up->skip_rows, 0, 0, 0); return true;
   case GL_UNPACK_SKIP_PIXELS: set_ints(v, V_INT, 1, up->skip_pixels, 0, 0, 0); return true;
   case GL_UNPACK_SKIP_IMAGES: set_ints(v, V_INT, 1, up->skip_images, 0, 0, 0); return true;
   case GL_UNPACK_ALIGNMENT: set_ints(v, V_INT, 1, up->alignment, 0, 0, 0); return true;

   /* hints */
   case GL_PERSPECTIVE_CORRECTION_HINT:
      set_ints(v, V_ENUM, 1, ctx->hint.perspective_correction, 0, 0, 0);
      return true;
   case GL_POINT_SMOOTH_HINT:
      set_ints(v, V_ENUM, 1, ctx->hint.point_smooth, 0, 0, 0);
      return true;
   case GL_LINE_SMOOTH_HINT:
      set_ints(v, V_ENUM, 1, ctx->hint.line_smooth, 0, 0, 0);
      return true;
   case GL_POLYGON_SMOOTH_HINT:
      set_ints(v, V_ENUM, 1, ctx->hint.polygon_smooth, 0, 0, 0);
      return true;
   case GL_FOG_HINT:
      set_ints(v, V_ENUM, 1, ctx->hint.fog, 0, 0, 0);
      return true;
   case GL_GENERATE_MIPMAP_HINT:
      set_ints(v, V_ENUM, 1, ctx->hint.generate_mipmap, 0, 0, 0);
      return true;
   case GL_TEXTURE_COMPRESSION_HINT:
      set_ints(v, V_ENUM, 1, ctx->hint.texture_compression, 0, 0, 0);
      return true;
   case GL_FRAGMENT_SHADER_DERIVATIVE_HINT:
      set_ints(v, V_ENUM, 1, ctx->hint.fragment_shader_derivative, 0, 0, 0);
      return true;

   /* accumulation buffer and colour-index state (api_accum.c) */
   case GL_ACCUM_CLEAR_VALUE:
      set_doubles(v, V_NORM, 4, ctx->accum.clear[0], ctx->accum.clear[1], ctx->accum.clear[2],
                  ctx->accum.clear[3]);
      return true;
   case GL_INDEX_CLEAR_VALUE:
      set_doubles(v, V_FLOAT, 1, ctx->color.index_clear, 0, 0, 0);
      return true;
   case GL_INDEX_WRITEMASK:
      set_ints(v, V_UINT, 1, ctx->color.index_mask, 0, 0, 0);
      return true;

   /* the glReadPixels pair besides RGBA/UNSIGNED_BYTE: OES_read_format (ES 1.1
    * and desktop), core in ES 2.0 (the same enums) */
   case GL_IMPLEMENTATION_COLOR_READ_TYPE_OES:
   case GL_IMPLEMENTATION_COLOR_READ_FORMAT_OES:
      if (ctx->profile == ST_PROFILE_CORE)
         return false;
      set_ints(v, V_ENUM, 1, pname == GL_IMPLEMENTATION_COLOR_READ_TYPE_OES ? GL_UNSIGNED_BYTE
                                                                          : GL_RGBA, 0, 0, 0);
      return true;

   /* GL 3.0 queries */
   case GL_MAJOR_VERSION:
   case GL_MINOR_VERSION:
   case GL_NUM_EXTENSIONS:
   case GL_CONTEXT_FLAGS:
      /* GL_KHR_debug brings GL_CONTEXT_FLAGS to desktop GL 2.1 (its debug
       * bit); ES before 3.2 has no such state */
      if (ctx->version < 30 &&
          !(pname == GL_CONTEXT_FLAGS && st_desktop(ctx)))
         return false;
      if (pname == GL_CONTEXT_FLAGS && !st_desktop(ctx))   /* ES 3.2's */
         return false;
      set_ints(v, V_INT, 1,
               pname == GL_MAJOR_VERSION ? ctx->version / 10 :
               pname == GL_MINOR_VERSION ? ctx->version % 10 :
               pname == GL_NUM_EXTENSIONS ? (GLint64)st_num_extensions(ctx) :
               (ctx->flags & ST_CONTEXT_FLAG_DEBUG ? GL_CONTEXT_FLAG_DEBUG_BIT : 0) |
               (ctx->flags & ST_CONTEXT_FLAG_FORWARD_COMPAT ?
                   GL_CONTEXT_FLAG_FORWARD_COMPATIBLE_BIT : 0), 0, 0, 0);
      return true;

   /* GL 3.2 (6.1.5 / table 6.52): the context's profile (desktop only) */
   case GL_CONTEXT_PROFILE_MASK:
      if (ctx->version < 32 || !st_desktop(ctx))
         return false;
      set_ints(v, V_INT, 1, ctx->profile == ST_PROFILE_CORE ? GL_CONTEXT_CORE_PROFILE_BIT
                                                           : GL_CONTEXT_COMPATIBILITY_PROFILE_BIT,
               0, 0, 0);
      return true;

   default: {
      /* per-fragment, raster, selection/feedback values (api_fragment.c) */
      int fkind;
      if (st_frag_get(ctx, pname, &fkind, &v->count, v->i, v->d)) {
         static const enum value_kind fkinds[] = { V_INT, V_UINT, V_ENUM, V_BOOL, V_FLOAT,
                                                   V_NORM };
         v->kind = fkinds[fkind];
         return true;
      }
      /* Texture units and objects (st_texture.c). */
      int64_t tints[32];
      double tdbls[32];
      int tkind;
      if (st_texture_get(ctx, pname, &tkind, &v->count, tints, tdbls)) {
         static const enum value_kind tkinds[] = { V_INT, V_UINT, V_ENUM, V_BOOL, V_FLOAT,
                                                   V_NORM };
         v->kind = tkinds[tkind];
         for (unsigned k = 0; k < v->count; k++) {
            v->i[k] = tints[k];
            v->d[k] = tdbls[k];
         }
         return true;
      }
      /* The pixel path's values (st_drawpix.c). */
      struct st_pixel_get_value pv;
      if (st_pixel_get(ctx, pname, &pv)) {
         static const enum value_kind kinds[] = { V_INT, V_ENUM, V_BOOL, V_FLOAT, V_NORM };
         v->kind = kinds[pv.kind];
         v->count = pv.count;
         for (unsigned k = 0; k < pv.count; k++) {
            v->d[k] = pv.d[k];
            v->i[k] = (GLint64)pv.d[k];
         }
         return true;
      }
      /* Evaluator grids and GL_MAX_EVAL_ORDER (api_eval.c). */
      double ed[4];
      int ekind;
      if (st_eval_get(ctx, pname, &ekind, &v->count, ed)) {
         v->kind = ekind ? V_FLOAT : V_INT;
         for (unsigned k = 0; k < v->count; k++) {
            v->d[k] = ed[k];
            v->i[k] = (GLint64)ed[k];
         }
         return true;
      }
      /* Vertex arrays, buffer bindings, current attributes (st_array.c). */
      struct st_array_get_value av;
      if (st_array_get(ctx, pname, &av)) {
         static const enum value_kind kinds[] = { V_INT, V_ENUM, V_BOOL, V_FLOAT, V_NORM };
         v->kind = kinds[av.kind];
         v->count = av.count;
         for (unsigned k = 0; k < av.count; k++) {
            v->d[k] = av.d[k];
            v->i[k] = (GLint64)av.d[k];
         }
         return true;
      }
      /* GLSL limits and GL_CURRENT_PROGRAM (st_glsl.c), before the ARB
       * programs' values some of them share. */
      /* GL_ARB_uniform_buffer_object's limits and binding (st_ubo.c) */
      if (st_ubo_get(ctx, pname, &v->count, v->d)) {
         v->kind = V_INT;
         for (unsigned k = 0; k < v->count; k++)
            v->i[k] = (GLint64)v->d[k];
         return true;
      }
      int gkind;
      if (st_glsl_get(ctx, pname, &gkind, &v->count, v->d)) {
         static const enum value_kind gkinds[] = { V_INT, V_ENUM, V_BOOL };
         v->kind = gkinds[gkind];
         for (unsigned k = 0; k < v->count; k++)
            v->i[k] = (GLint64)v->d[k];
         return true;
      }
      /* ARB_vertex_program / ARB_fragment_program values (st_arbprog.c). */
      int akind;
      if (st_arbprog_get(ctx, pname, &akind, &v->count, v->d)) {
         static const enum value_kind akinds[] = { V_INT, V_ENUM, V_BOOL, V_FLOAT };
         v->kind = akinds[akind];
         for (unsigned k = 0; k < v->count; k++)
            v->i[k] = (GLint64)v->d[k];
         return true;
      }
      /* GL_ATI_fragment_shader limits (st_atifs.c). */
      if (st_atifs_get(ctx, pname, &akind, &v->count, v->d)) {
         static const enum value_kind akinds[] = { V_INT, V_ENUM, V_BOOL, V_FLOAT };
         v->kind = akinds[akind];
         for (unsigned k = 0; k < v->count; k++)
            v->i[k] = (GLint64)v->d[k];
         return true;
      }
      /* GL_KHR_debug limits, log state and enables (st_debug.c). */
      int64_t dv = 0;
      int dkind = st_debug_get(ctx, pname, &dv);
      if (dkind) {
         set_ints(v, dkind == 2 ? V_BOOL : V_INT, 1, dv, 0, 0, 0);
         return true;
      }
      /* GL_ARB_texture_multisample limits, bindings, GL_SAMPLE_MASK (api_texms.c). */
      int64_t msv = 0;
      int mskind = st_texms_get(ctx, pname, &msv);
      if (mskind < 0)
         return false;
      if (mskind > 0) {
         set_ints(v, mskind == 2 ? V_BOOL : V_INT, 1, msv, 0, 0, 0);
         return true;
      }
      /* Transform feedback limits and bindings (st_xfb.c). */
      int64_t xv = 0;
      if (st_xfb_get(ctx, pname, &xv)) {
         bool is_bool = pname == GL_TRANSFORM_FEEDBACK_BUFFER_PAUSED ||
                        pname == GL_TRANSFORM_FEEDBACK_BUFFER_ACTIVE;
         set_ints(v, is_bool ? V_BOOL : V_INT, 1, xv, 0, 0, 0);
         return true;
      }
      /* Every glEnable capability is also a glGet boolean. */
      bool restart;
      if (st_primitive_restart_cap(ctx, pname, -1, &restart)) {
         set_ints(v, V_BOOL, 1, restart, 0, 0, 0);
         return true;
      }
      int cap = st_cap_lookup(pname);
      if (cap == ST_CAP_CLIENT && ctx->profile != ST_PROFILE_CORE) {
         set_ints(v, V_BOOL, 1, st_client_array_enabled(ctx, pname), 0, 0, 0);
         return true;
      }
      if (cap >= 0 && st_cap_offered(ctx, cap)) {
         int tex = st_texture_enable(ctx, cap, -1);   /* per texture unit */
         set_ints(v, V_BOOL, 1, tex >= 0 ? tex : st_is_enabled(ctx, (enum st_cap)cap), 0, 0, 0);
         return true;
      }
      return false;
   }
   }
}

/* State of the fixed-function units only (units from MAX_TEXTURE_COORDS
 * up have none: GL 3.0 compatibility, section 6.1.2) */
static bool
ff_unit_state(GLenum pname)
{
   switch (pname) {
   case GL_TEXTURE_MATRIX: case GL_TRANSPOSE_TEXTURE_MATRIX: case GL_TEXTURE_STACK_DEPTH:
   case GL_CURRENT_TEXTURE_COORDS: case GL_CURRENT_RASTER_TEXTURE_COORDS:
   case GL_TEXTURE_1D: case GL_TEXTURE_2D: case GL_TEXTURE_3D: case GL_TEXTURE_CUBE_MAP:
   case GL_TEXTURE_RECTANGLE_ARB:
   case GL_TEXTURE_GEN_S: case GL_TEXTURE_GEN_T: case GL_TEXTURE_GEN_R: case GL_TEXTURE_GEN_Q:
      return true;
   default:
      return false;
   }
}

static bool
lookup(struct st_context *ctx, GLenum pname, struct value *v, const char *where)
{
   if (!get_value(ctx, pname, v)) {
      st_error(ctx, GL_INVALID_ENUM, where);
      return false;
   }
   if (ff_unit_state(pname) && !st_texture_active_is_ff(ctx, where))
      return false;
   return true;
}

static bool
is_float_kind(enum value_kind k)
{
   return k == V_FLOAT || k == V_NORM;
}

void GLAPIENTRY
api_glGetIntegerv(GLenum pname, GLint *data)
{
   ST_ENTRY(ctx);
   struct value v;
   if (!lookup(ctx, pname, &v, "glGetIntegerv") || !data)
      return;
   for (unsigned i = 0; i < v.count; i++) {
      if (v.kind == V_NORM)
         data[i] = st_get_norm_to_int(v.d[i]);
      else if (v.kind == V_FLOAT)
         data[i] = st_get_float_to_int(v.d[i]);
      else
         data[i] = (GLint)(uint32_t)v.i[i];
   }
}

void GLAPIENTRY
api_glGetInteger64v(GLenum pname, GLint64 *data)
{
   ST_ENTRY(ctx);
   struct value v;
   if (ctx->version < 32 && !ctx->caps.ext_sync) {   /* GL 3.2 / ARB_sync */
      st_error(ctx, GL_INVALID_OPERATION, "glGetInteger64v");
      return;
   }
   if (!lookup(ctx, pname, &v, "glGetInteger64v") || !data)
      return;
   for (unsigned i = 0; i < v.count; i++) {
      if (v.kind == V_NORM)
         data[i] = st_get_norm_to_int(v.d[i]);
      else if (v.kind == V_FLOAT)
         data[i] = (GLint64)floor(v.d[i] + 0.5);
      else if (v.kind == V_UINT)
         data[i] = (GLint64)(uint32_t)v.i[i];
      else
         data[i] = v.i[i];
   }
}

void GLAPIENTRY
api_glGetFloatv(GLenum pname, GLfloat *data)
{
   ST_ENTRY(ctx);
   struct value v;
   if (!lookup(ctx, pname, &v, "glGetFloatv") || !data)
      return;
   for (unsigned i = 0; i < v.count; i++) {
      if (is_float_kind(v.kind))
         data[i] = (GLfloat)v.d[i];
      else if (v.kind == V_UINT)
         data[i] = (GLfloat)(uint32_t)v.i[i];
      else
         data[i] = (GLfloat)v.i[i];
   }
}

void GLAPIENTRY
api_glGetDoublev(GLenum pname, GLdouble *data)
{
   ST_ENTRY(ctx);
   struct value v;
   if (!lookup(ctx, pname, &v, "glGetDoublev") || !data)
      return;
   for (unsigned i = 0; i < v.count; i++) {
      if (is_float_kind(v.kind))
         data[i] = v.d[i];
      else if (v.kind == V_UINT)
         data[i] = (GLdouble)(uint32_t)v.i[i];
      else
         data[i] = (GLdouble)v.i[i];
   }
}

void GLAPIENTRY
api_glGetBooleanv(GLenum pname, GLboolean *data)
{
   ST_ENTRY(ctx);
   struct value v;
   if (!lookup(ctx, pname, &v, "glGetBooleanv") || !data)
      return;
   for (unsigned i = 0; i < v.count; i++)
      data[i] = is_float_kind(v.kind) ? st_get_float_to_bool(v.d[i])
                                      : st_get_int_to_bool(v.i[i]);
}

/* OpenGL ES 1.1 6.1.2: booleans as 0 / 1.0; integers, enums and floats as
 * s15.16 (value * 65536, saturated) -- what Mesa does for enums too. */
static GLfixed
to_fixed(double f)
{
   double v = f * 65536.0;
   if (v != v)
      return 0;
   if (v >= 2147483647.0)
      return 2147483647;
   if (v <= -2147483648.0)
      return (GLfixed)(-2147483647 - 1);
   return (GLfixed)floor(v + 0.5);
}

void GLAPIENTRY
api_glGetFixedv(GLenum pname, GLfixed *data)
{
   ST_ENTRY(ctx);
   struct value v;
   if (!lookup(ctx, pname, &v, "glGetFixedv") || !data)
      return;
   for (unsigned i = 0; i < v.count; i++) {
      if (is_float_kind(v.kind))
         data[i] = to_fixed(v.d[i]);
      else if (v.kind == V_BOOL)
         data[i] = v.i[i] ? 65536 : 0;
      else if (v.kind == V_UINT)
         data[i] = to_fixed((double)(uint32_t)v.i[i]);
      else
         data[i] = to_fixed((double)v.i[i]);
   }
}
