/*
 * GL_ARB_texture_multisample without a shading language:
 * glTexImage2DMultisample / glTexImage3DMultisample (and their proxies),
 * GL_ARB_texture_storage_multisample's glTexStorage{2,3}DMultisample and
 * its glTexParameter rules (st_texms_param_ok),
 * glGetMultisamplefv(GL_SAMPLE_POSITION), glSampleMaski, the indexed
 * queries of GL_SAMPLE_MASK_VALUE (glGetIntegeri_v / glGetBooleani_v), the
 * limits and bindings of the extension (st_texms_get) and the image queries
 * of the multisample targets (st_texms_query_image).
 *
 * A multisample texture object has one image (face 0, level 0) stored in
 * the object's tree 'pt': a PIPE_TEXTURE_2D or PIPE_TEXTURE_2D_ARRAY
 * resource with nr_samples samples, bound as a render target or a depth /
 * stencil buffer and, where the driver can, as a sampler view (GLSL's
 * sampler2DMS[Array]: st_glsl.c binds the unit's view per sample).
 * The other images of the object stay empty, so everything that finds
 * texels through st_texture_image_location (FBO attachments, blits,
 * glClearTexImage) works on it unchanged.  Binding rules, glTexParameter
 * (GL_INVALID_ENUM on these targets, GL 3.2), glGenerateMipmap and the FBO
 * side (attachment, completeness, sample counts) are in api_texture.c,
 * api_fbo.c and st_fbo.c; the mask reaches the pipe in st_draw.c.
 */
#include <string.h>

#include "api.h"
#include "pipe/p_context.h"
#include "pipe/p_defines.h"
#include "pipe/p_screen.h"
#include "st_ubo.h"
#include "st_draw.h"
#include "st_fbo.h"
#include "st_frag.h"
#include "st_texms.h"
#include "st_texture.h"
#include "st_xfb.h"
#include "util/u_inlines.h"

/* --- limits ----------------------------------------------------------------------- */

/* The largest sample count (power of two up to the driver's maximum) a
 * representative format renders with; 1 if none. */
static GLint
max_samples_for(struct st_context *ctx, enum pipe_format f, unsigned bind)
{
   struct pipe_screen *s = ctx->screen;
   unsigned max = s->caps.max_samples, best = 1;
   for (unsigned n = 2; n <= max && n <= 32; n *= 2)
      if (s->is_format_supported && s->is_format_supported(s, f, PIPE_TEXTURE_2D, n, bind))
         best = n;
   return (GLint)best;
}

static GLint
max_color_samples(struct st_context *ctx)
{
   return max_samples_for(ctx, PIPE_FORMAT_R8G8B8A8_UNORM, PIPE_BIND_RENDER_TARGET);
}

static GLint
max_depth_samples(struct st_context *ctx)
{
   return max_samples_for(ctx, PIPE_FORMAT_Z24_UNORM_S8_UINT, PIPE_BIND_DEPTH_STENCIL);
}

static GLint
max_integer_samples(struct st_context *ctx)
{
   return max_samples_for(ctx, PIPE_FORMAT_R8G8B8A8_UINT, PIPE_BIND_RENDER_TARGET);
}

int
st_texms_get(struct st_context *ctx, GLenum pname, int64_t *out)
{
   struct st_texunit_state *u = &ctx->texture.unit[ctx->texture.active_unit];
   switch (pname) {
   case GL_MAX_SAMPLE_MASK_WORDS:
   case GL_MAX_COLOR_TEXTURE_SAMPLES:
   case GL_MAX_DEPTH_TEXTURE_SAMPLES:
   case GL_MAX_INTEGER_SAMPLES:
   case GL_TEXTURE_BINDING_2D_MULTISAMPLE:
   case GL_TEXTURE_BINDING_2D_MULTISAMPLE_ARRAY:
   case GL_SAMPLE_MASK:
      break;
   default:
      return 0;
   }
   if (!ctx->caps.tex_multisample)
      return -1;
   switch (pname) {
   case GL_MAX_SAMPLE_MASK_WORDS: *out = ST_MAX_SAMPLE_MASK_WORDS; return 1;
   case GL_MAX_COLOR_TEXTURE_SAMPLES: *out = max_color_samples(ctx); return 1;
   case GL_MAX_DEPTH_TEXTURE_SAMPLES: *out = max_depth_samples(ctx); return 1;
   case GL_MAX_INTEGER_SAMPLES: *out = max_integer_samples(ctx); return 1;
   case GL_TEXTURE_BINDING_2D_MULTISAMPLE:
      *out = u->bound[ST_TEX_2D_MS] ? u->bound[ST_TEX_2D_MS]->name : 0;
      return 1;
   case GL_TEXTURE_BINDING_2D_MULTISAMPLE_ARRAY:
      *out = u->bound[ST_TEX_2D_MS_ARRAY] ? u->bound[ST_TEX_2D_MS_ARRAY]->name : 0;
      return 1;
   default:   /* GL_SAMPLE_MASK */
      *out = st_is_enabled(ctx, ST_CAP_SAMPLE_MASK);
      return 2;
   }
}

/* --- images ----------------------------------------------------------------------- */

/* Target of glTexImage{2,3}DMultisample / the image queries: the object
 * (bound or proxy); NULL if target is not one of them. */
static struct st_texture_object *
ms_target(struct st_context *ctx, GLenum target, unsigned dims, bool *proxy)
{
   if (!ctx->caps.tex_multisample)
      return NULL;
   enum st_tex_index idx;
   if ((dims == 0 || dims == 2) &&
       (target == GL_TEXTURE_2D_MULTISAMPLE || target == GL_PROXY_TEXTURE_2D_MULTISAMPLE)) {
      idx = ST_TEX_2D_MS;
      *proxy = target == GL_PROXY_TEXTURE_2D_MULTISAMPLE;
   } else if ((dims == 0 || dims == 3) &&
              (target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY ||
               target == GL_PROXY_TEXTURE_2D_MULTISAMPLE_ARRAY)) {
      idx = ST_TEX_2D_MS_ARRAY;
      *proxy = target == GL_PROXY_TEXTURE_2D_MULTISAMPLE_ARRAY;
   } else {
      return NULL;
   }
   return *proxy ? ctx->tex.proxy[idx] : ctx->texture.unit[ctx->texture.active_unit].bound[idx];
}

int
st_texms_query_image(struct st_context *ctx, GLenum target, GLint level, const char *name,
                     struct st_texture_image **img, bool *proxy)
{
   struct st_texture_object *o = ms_target(ctx, target, 0, proxy);
   if (!o)
      return 0;
   /* one level: GL_INVALID_VALUE beyond it, as for any level > log2(max) */
   if (level != 0) {
      st_error(ctx, GL_INVALID_VALUE, name);
      return -1;
   }
   *img = &o->image[0][0];
   return 1;
}

/*
 * Base format of an internal format that is colour-, depth- or
 * stencil-renderable (GL 3.0 4.4.4, compatibility profile: ALPHA,
 * LUMINANCE, LUMINANCE_ALPHA, INTENSITY, RED, RG, RGB, RGBA and their sized
 * formats, float formats, DEPTH_COMPONENT*, DEPTH_STENCIL formats); 0 for
 * any other (1..4, compressed, signed normalized, sRGB other than
 * SRGB8_ALPHA8, RGB9_E5, formats of extensions not offered).
 */
static GLenum
renderable_base(const struct st_context *ctx, GLenum f)
{
   switch (f) {
   case GL_DEPTH_STENCIL: case GL_DEPTH24_STENCIL8:
      return GL_DEPTH_STENCIL;
   case GL_DEPTH32F_STENCIL8:
      return st_tex_format_allowed(ctx, f) ? GL_DEPTH_STENCIL : 0;
   case 1: case 2: case 3: case 4:
   case GL_RGB9_E5:
   case GL_SRGB: case GL_SRGB8: case GL_SRGB_ALPHA: case GL_SLUMINANCE: case GL_SLUMINANCE8:
   case GL_SLUMINANCE_ALPHA: case GL_SLUMINANCE8_ALPHA8:
   case GL_COMPRESSED_ALPHA: case GL_COMPRESSED_LUMINANCE: case GL_COMPRESSED_LUMINANCE_ALPHA:
   case GL_COMPRESSED_INTENSITY: case GL_COMPRESSED_RGB: case GL_COMPRESSED_RGBA:
   case GL_COMPRESSED_RED: case GL_COMPRESSED_RG: case GL_COMPRESSED_SRGB:
   case GL_COMPRESSED_SRGB_ALPHA: case GL_COMPRESSED_SLUMINANCE:
   case GL_COMPRESSED_SLUMINANCE_ALPHA:
      return 0;
   default:
      if (!st_tex_format_allowed(ctx, f) || st_tex_format_is_compressed(f) ||
          st_tex_format_is_snorm(f))
         return 0;
      return st_tex_base_format(f);
   }
}

static void
clear_ms_image(struct st_texture_image *img)
{
   pipe_resource_reference(&img->pt, NULL);
   memset(img, 0, sizeof *img);
   img->format = PIPE_FORMAT_NONE;
}

/* Unsized and generic formats, refused by glTexStorage*Multisample
 * (GL_INVALID_ENUM, ARB_texture_storage). */
static bool
is_unsized(GLenum f)
{
   switch (f) {
   case GL_ALPHA: case GL_LUMINANCE: case GL_LUMINANCE_ALPHA: case GL_INTENSITY:
   case GL_RED: case GL_RG: case GL_RGB: case GL_RGBA:
   case GL_DEPTH_COMPONENT: case GL_DEPTH_STENCIL:
      return true;
   default:
      return false;
   }
}

/* storage: glTexStorage{2,3}DMultisample (GL_ARB_texture_storage_multisample),
 * which specify the same image and make the object immutable. */
static void
tex_image_ms(unsigned dims, GLenum target, GLsizei samples, GLenum internalformat,
             GLsizei width, GLsizei height, GLsizei depth, GLboolean fixedsamplelocations,
             bool storage, const char *name)
{
   ST_ENTRY(ctx);
   if (!ctx->caps.tex_multisample || (storage && !ctx->caps.tex_storage_multisample)) {
      st_error(ctx, GL_INVALID_OPERATION, name);   /* as the stub without the extension */
      return;
   }
   bool proxy = false;
   struct st_texture_object *o = ms_target(ctx, target, dims, &proxy);
   if (!o) {
      st_error(ctx, GL_INVALID_ENUM, name);
      return;
   }
   if (storage && !proxy && o->name == 0) {
      st_error(ctx, GL_INVALID_OPERATION, name);   /* the default object */
      return;
   }
   if (samples < 1) {
      st_error(ctx, GL_INVALID_VALUE, name);   /* zero samples (GL 4.x wording) or negative */
      return;
   }
   GLenum base = renderable_base(ctx, internalformat);
   if (!base || (storage && is_unsized(internalformat))) {
      st_error(ctx, GL_INVALID_ENUM, name);
      return;
   }
   if (storage && !proxy && o->immutable) {
      st_error(ctx, GL_INVALID_OPERATION, name);
      return;
   }
   /* glTexStorage: every dimension at least 1 */
   GLsizei min_size = storage ? 1 : 0;
   if (width < min_size || height < min_size || depth < min_size) {
      st_error(ctx, GL_INVALID_VALUE, name);
      return;
   }
   struct st_texture_image *img = &o->image[0][0];

   /* sizes: width and height up to MAX_TEXTURE_SIZE, the layers of an
    * array up to MAX_ARRAY_TEXTURE_LAYERS (GL 4.5+ and Mesa; the
    * extension's revision 12 said MAX_3D_TEXTURE_SIZE for all three, the
    * resolution of Khronos bug 11135 changed depth to the layer limit) */
   GLint max = ctx->caps.max_texture_size;
   if (max > ST_MAX_TEXTURE_SIZE)
      max = ST_MAX_TEXTURE_SIZE;
   bool sizes_ok = width <= max && height <= max &&
                   (dims == 2 || depth <= ST_MAX_ARRAY_TEXTURE_LAYERS);
   unsigned max_samples = ctx->screen->caps.max_samples;
   bool samples_ok = (unsigned)samples <= max_samples;

   /* the stored format and the smallest sample count >= samples the
    * driver renders it with */
   enum pipe_format pf;
   if (base == GL_DEPTH_STENCIL)
      pf = internalformat == GL_DEPTH32F_STENCIL8 ? PIPE_FORMAT_Z32_FLOAT_S8X24_UINT
                                                  : PIPE_FORMAT_Z24_UNORM_S8_UINT;
   else
      pf = st_tex_choose_format(ctx, internalformat, GL_TEXTURE_2D);
   bool zs = base == GL_DEPTH_COMPONENT || base == GL_DEPTH_STENCIL;
   unsigned bind = zs ? PIPE_BIND_DEPTH_STENCIL : PIPE_BIND_RENDER_TARGET;
   enum pipe_texture_target pt = dims == 2 ? PIPE_TEXTURE_2D : PIPE_TEXTURE_2D_ARRAY;
   struct pipe_screen *screen = ctx->screen;
   unsigned n = 0;
   if (samples_ok && pf != PIPE_FORMAT_NONE && screen->is_format_supported) {
      for (unsigned c = 2; c <= max_samples && c <= 32; c *= 2) {
         if ((unsigned)samples <= c && screen->is_format_supported(screen, pf, pt, c, bind)) {
            n = c;
            break;
         }
      }
   }

   if (proxy) {
      /* a proxy records the image when everything fits, else zeroes it;
       * no error for unsupported counts or sizes (GL 4.4 3.8.4 / 8.8) */
      clear_ms_image(img);
      if (!sizes_ok || !n)
         return;
      img->width = width;
      img->height = height;
      img->depth = dims == 2 ? 1 : depth;
      img->internal_format = internalformat;
      img->base_format = base;
      img->format = pf;
      img->samples = (GLint)n;
      img->fixed_sample_locations = fixedsamplelocations ? GL_TRUE : GL_FALSE;
      return;
   }
   if (!samples_ok) {
      st_error(ctx, GL_INVALID_VALUE, name);   /* samples > GL_MAX_SAMPLES */
      return;
   }
   if (!n) {
      /* above the format's maximum (GL_MAX_{COLOR,DEPTH}_TEXTURE_SAMPLES) */
      st_error(ctx, GL_INVALID_OPERATION, name);
      return;
   }
   if (!sizes_ok) {
      st_error(ctx, GL_INVALID_VALUE, name);
      return;
   }
   if (o->immutable) {   /* ARB_texture_storage: no respecification */
      st_error(ctx, GL_INVALID_OPERATION, name);
      return;
   }

   struct pipe_resource *res = NULL;
   if (width > 0 && height > 0 && (dims == 2 || depth > 0)) {
      struct pipe_resource templ;
      memset(&templ, 0, sizeof templ);
      templ.target = pt;
      templ.format = pf;
      templ.width0 = (uint32_t)width;
      templ.height0 = (uint16_t)height;
      templ.depth0 = 1;
      templ.array_size = (uint16_t)(dims == 2 ? 1 : depth);
      templ.last_level = 0;
      templ.nr_samples = (uint8_t)n;
      templ.usage = PIPE_USAGE_DEFAULT;
      /* sampled by shaders (sampler2DMS) where the driver reads them */
      templ.bind = bind | (screen->is_format_supported(screen, pf, pt, n,
                                                       bind | PIPE_BIND_SAMPLER_VIEW)
                              ? PIPE_BIND_SAMPLER_VIEW : 0u);
      res = screen->resource_create(screen, &templ);
      if (!res) {
         st_error(ctx, GL_OUT_OF_MEMORY, name);
         return;
      }
   }
   for (unsigned f = 0; f < 6; f++)
      for (unsigned l = 0; l < ST_MAX_TEXTURE_LEVELS; l++)
         clear_ms_image(&o->image[f][l]);
   pipe_resource_reference(&o->pt, NULL);
   o->pt = res;
   o->serial++;
   img->width = width;
   img->height = height;
   img->depth = dims == 2 ? 1 : depth;
   img->internal_format = internalformat;
   img->base_format = base;
   img->format = res ? pf : PIPE_FORMAT_NONE;   /* a zero-sized image has no texels */
   img->in_tree = res != NULL;
   img->samples = (GLint)n;
   img->fixed_sample_locations = fixedsamplelocations ? GL_TRUE : GL_FALSE;
   if (storage) {
      /* what api_texstorage.c records for its immutable objects (the
       * views' level / layer ranges start from these) */
      o->immutable = true;
      o->immutable_levels = 1;
      o->view_min_level = 0;
      o->view_num_levels = 1;
      o->view_min_layer = 0;
      o->view_num_layers = (GLuint)img->depth;
   }
   ctx->dirty |= ST_NEW_FRAMEBUFFER;   /* an attached image may have changed */
}

void GLAPIENTRY
api_glTexImage2DMultisample(GLenum target, GLsizei samples, GLenum internalformat,
                            GLsizei width, GLsizei height, GLboolean fixedsamplelocations)
{
   tex_image_ms(2, target, samples, internalformat, width, height, 1, fixedsamplelocations,
                false, "glTexImage2DMultisample");
}

void GLAPIENTRY
api_glTexImage3DMultisample(GLenum target, GLsizei samples, GLenum internalformat,
                            GLsizei width, GLsizei height, GLsizei depth,
                            GLboolean fixedsamplelocations)
{
   tex_image_ms(3, target, samples, internalformat, width, height, depth, fixedsamplelocations,
                false, "glTexImage3DMultisample");
}

void GLAPIENTRY
api_glTexStorage2DMultisample(GLenum target, GLsizei samples, GLenum internalformat,
                              GLsizei width, GLsizei height, GLboolean fixedsamplelocations)
{
   tex_image_ms(2, target, samples, internalformat, width, height, 1, fixedsamplelocations,
                true, "glTexStorage2DMultisample");
}

void GLAPIENTRY
api_glTexStorage3DMultisample(GLenum target, GLsizei samples, GLenum internalformat,
                              GLsizei width, GLsizei height, GLsizei depth,
                              GLboolean fixedsamplelocations)
{
   tex_image_ms(3, target, samples, internalformat, width, height, depth, fixedsamplelocations,
                true, "glTexStorage3DMultisample");
}

/* GL_ARB_texture_storage_multisample: on the multisample targets the
 * sampler state (GL 4.5's table 23.18) cannot be set, nor a base level
 * other than 0.  The errors are those of the GL 4.3+ core specifications
 * (8.10: GL_INVALID_ENUM for sampler state, GL_INVALID_OPERATION for the
 * base level), which replaced the extension's GL_INVALID_OPERATION for
 * both.  False (error raised) if glTexParameter must stop. */
bool
st_texms_param_ok(struct st_context *ctx, GLenum pname, GLint value, const char *name)
{
   switch (pname) {
   case GL_TEXTURE_WRAP_S: case GL_TEXTURE_WRAP_T: case GL_TEXTURE_WRAP_R:
   case GL_TEXTURE_MIN_FILTER: case GL_TEXTURE_MAG_FILTER: case GL_TEXTURE_BORDER_COLOR:
   case GL_TEXTURE_MIN_LOD: case GL_TEXTURE_MAX_LOD: case GL_TEXTURE_LOD_BIAS:
   case GL_TEXTURE_COMPARE_MODE: case GL_TEXTURE_COMPARE_FUNC:
      st_error(ctx, GL_INVALID_ENUM, name);
      return false;
   case GL_TEXTURE_BASE_LEVEL:
      if (value != 0) {
         st_error(ctx, GL_INVALID_OPERATION, name);
         return false;
      }
      return true;
   default:
      return true;
   }
}

/* --- sample positions ------------------------------------------------------------- */

void GLAPIENTRY
api_glGetMultisamplefv(GLenum pname, GLuint index, GLfloat *val)
{
   ST_ENTRY(ctx);
   if (!ctx->caps.tex_multisample) {
      st_error(ctx, GL_INVALID_OPERATION, "glGetMultisamplefv");
      return;
   }
   if (pname != GL_SAMPLE_POSITION) {
      st_error(ctx, GL_INVALID_ENUM, "glGetMultisamplefv");
      return;
   }
   unsigned n = st_fb_draw_samples(ctx);   /* GL_SAMPLES: 0 when single-sampled */
   if (index >= n) {
      st_error(ctx, GL_INVALID_VALUE, "glGetMultisamplefv");
      return;
   }
   float pos[2] = { 0.5f, 0.5f };
   if (ctx->pipe->get_sample_position)
      ctx->pipe->get_sample_position(ctx->pipe, n, index, pos);
   /* the driver counts y along the resource's rows; window-system buffers
    * store the top row first, so GL's y (up) is the other way there */
   if (!st_fb_draw_is_fbo(ctx))
      pos[1] = 1.0f - pos[1];
   if (val) {
      val[0] = pos[0];
      val[1] = pos[1];
   }
}

/* --- sample mask ------------------------------------------------------------------ */

void GLAPIENTRY
api_glSampleMaski(GLuint maskNumber, GLbitfield mask)
{
   ST_ENTRY(ctx);
   if (!ctx->caps.tex_multisample) {
      st_error(ctx, GL_INVALID_OPERATION, "glSampleMaski");
      return;
   }
   if (maskNumber >= ST_MAX_SAMPLE_MASK_WORDS) {
      st_error(ctx, GL_INVALID_VALUE, "glSampleMaski");
      return;
   }
   ctx->draw->frag.sample_mask_value = mask;
}

static unsigned
sample_mask_indexed(struct st_context *ctx, GLuint index, int64_t out[4], const char *name)
{
   if (!ctx->caps.tex_multisample) {
      st_error(ctx, GL_INVALID_ENUM, name);
      return 0;
   }
   if (index >= ST_MAX_SAMPLE_MASK_WORDS) {
      st_error(ctx, GL_INVALID_VALUE, name);
      return 0;
   }
   out[0] = ctx->draw->frag.sample_mask_value;
   return 1;
}

/* The indexed values of glGet{Integer,Boolean}i_v and
 * glGet{Integer,Boolean}IndexedvEXT (EXT_draw_buffers2): each family of
 * targets has its own function; the count of values, 0 after an error. */
static unsigned
indexed_value(struct st_context *ctx, GLenum target, GLuint index, int64_t out[4],
              const char *name)
{
   GLenum err = st_ubo_get_indexed(ctx, target, index, out);   /* uniform buffers */
   if (err != GL_INVALID_ENUM) {
      if (err)
         st_error(ctx, err, name);
      return err ? 0 : 1;
   }
   switch (target) {
   case GL_TRANSFORM_FEEDBACK_BUFFER_BINDING:
   case GL_TRANSFORM_FEEDBACK_BUFFER_START:
   case GL_TRANSFORM_FEEDBACK_BUFFER_SIZE:
      return st_xfb_get_indexed(ctx, target, index, out, name) ? 1 : 0;
   case GL_SAMPLE_MASK_VALUE:
      return sample_mask_indexed(ctx, index, out, name);
   case GL_BLEND: case GL_COLOR_WRITEMASK: case GL_BLEND_SRC: case GL_BLEND_DST:
   case GL_BLEND_SRC_RGB: case GL_BLEND_DST_RGB: case GL_BLEND_SRC_ALPHA:
   case GL_BLEND_DST_ALPHA: case GL_BLEND_EQUATION_RGB: case GL_BLEND_EQUATION_ALPHA:
      return st_blend_get_indexed(ctx, target, index, out, name);   /* api_fragment.c */
   default:
      st_error(ctx, GL_INVALID_ENUM, name);
      return 0;
   }
}

static void
get_integer_indexed(GLenum target, GLuint index, GLint *data, const char *name)
{
   ST_ENTRY(ctx);
   int64_t v[4];
   unsigned n = indexed_value(ctx, target, index, v, name);
   /* the sample mask's 32 bits as they are; offsets and sizes past
    * INT_MAX saturate */
   for (unsigned i = 0; i < n && data; i++)
      data[i] = v[i] > 0xffffffffll ? 0x7fffffff : (GLint)(uint32_t)v[i];
}

static void
get_boolean_indexed(GLenum target, GLuint index, GLboolean *data, const char *name)
{
   ST_ENTRY(ctx);
   int64_t v[4];
   unsigned n = indexed_value(ctx, target, index, v, name);
   for (unsigned i = 0; i < n && data; i++)
      data[i] = v[i] ? GL_TRUE : GL_FALSE;
}

void GLAPIENTRY
api_glGetIntegeri_v(GLenum target, GLuint index, GLint *data)
{
   get_integer_indexed(target, index, data, "glGetIntegeri_v");
}

/* GL 3.2 / ES 3.0: the same values in 64 bits (buffer offsets and sizes
 * past INT_MAX as they are) */
void GLAPIENTRY
api_glGetInteger64i_v(GLenum target, GLuint index, GLint64 *data)
{
   ST_ENTRY(ctx);
   int64_t v[4];
   unsigned n = indexed_value(ctx, target, index, v, "glGetInteger64i_v");
   for (unsigned i = 0; i < n && data; i++)
      data[i] = v[i];
}

void GLAPIENTRY
api_glGetBooleani_v(GLenum target, GLuint index, GLboolean *data)
{
   get_boolean_indexed(target, index, data, "glGetBooleani_v");
}

void GLAPIENTRY
api_glGetIntegerIndexedvEXT(GLenum target, GLuint index, GLint *data)
{
   get_integer_indexed(target, index, data, "glGetIntegerIndexedvEXT");
}

void GLAPIENTRY
api_glGetBooleanIndexedvEXT(GLenum target, GLuint index, GLboolean *data)
{
   get_boolean_indexed(target, index, data, "glGetBooleanIndexedvEXT");
}
