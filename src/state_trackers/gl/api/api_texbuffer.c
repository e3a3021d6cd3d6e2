/*
 * Buffer textures (GL 3.1 section 3.8.5, GL_ARB_texture_buffer_object,
 * GL_ARB_texture_buffer_range, GL_ARB_texture_buffer_object_rgb32):
 * glTexBuffer, glTexBufferRange, the internal format table and the
 * pieces st_texture.c and api_texture.c ask of a buffer texture (its
 * level-0 image for glGetTexLevelParameter, its sampler view).
 *
 * A buffer texture (target GL_TEXTURE_BUFFER, enum st_tex_index
 * ST_TEX_BUFFER) has no images: its texels are the bytes of the buffer
 * object attached to it, read as a one-dimensional array of texels of
 * the internal format.  Only texelFetch and textureSize read them.  The
 * texture holds a reference to the buffer, so deleting the buffer's name
 * leaves the store attached (an object lives on while something still
 * uses it: GL 3.1 appendix D.1).
 *
 * Sampling: each validation that finds a buffer texture on a unit copies
 * the texels it shows (the buffer's current store, its current size when
 * no range was given) into a new PIPE_BUFFER resource and views that, so
 * glBufferData (a new store) and writes through glBufferSubData or a
 * mapping before the next draw are seen, and a draw already handed to the
 * driver keeps what it was drawn with.  Draws with such a unit do not
 * reuse the bound state (st_texture_ctx.buffer_views), so a coherent
 * persistent mapping's writes between two draws are seen too.
 */
#include <string.h>

#include "format/u_format.h"
#include "pipe/p_context.h"
#include "pipe/p_screen.h"
#include "pipe/p_state.h"
#include "util/u_inlines.h"
#include "st_buffer.h"
#include "st_context.h"
#include "st_texture.h"

bool
st_texbuffer_enabled(const struct st_context *ctx)
{
   return st_desktop(ctx) && ctx->caps.ext_texture_buffer;
}

/* Which table a format comes from: GL 3.1's table 3.15 (RED, RG, RGBA),
 * ARB_texture_buffer_object's ALPHA, LUMINANCE, LUMINANCE_ALPHA and
 * INTENSITY formats (compatibility contexts only: the core profile has no
 * such base formats), ARB_texture_buffer_object_rgb32's RGB formats. */
enum texbuf_table { TB_CORE, TB_LEGACY, TB_RGB32 };

static const struct {
   GLenum internal_format;
   enum pipe_format format;
   GLenum base;
   enum texbuf_table table;
} texbuf_formats[] = {
   /* one-component formats, read as R */
   { GL_ALPHA8, PIPE_FORMAT_R8_UNORM, GL_ALPHA, TB_LEGACY },
   { GL_ALPHA16, PIPE_FORMAT_R16_UNORM, GL_ALPHA, TB_LEGACY },
   { GL_ALPHA16F_ARB, PIPE_FORMAT_R16_FLOAT, GL_ALPHA, TB_LEGACY },
   { GL_ALPHA32F_ARB, PIPE_FORMAT_R32_FLOAT, GL_ALPHA, TB_LEGACY },
   { GL_ALPHA8I_EXT, PIPE_FORMAT_R8_SINT, GL_ALPHA, TB_LEGACY },
   { GL_ALPHA16I_EXT, PIPE_FORMAT_R16_SINT, GL_ALPHA, TB_LEGACY },
   { GL_ALPHA32I_EXT, PIPE_FORMAT_R32_SINT, GL_ALPHA, TB_LEGACY },
   { GL_ALPHA8UI_EXT, PIPE_FORMAT_R8_UINT, GL_ALPHA, TB_LEGACY },
   { GL_ALPHA16UI_EXT, PIPE_FORMAT_R16_UINT, GL_ALPHA, TB_LEGACY },
   { GL_ALPHA32UI_EXT, PIPE_FORMAT_R32_UINT, GL_ALPHA, TB_LEGACY },
   { GL_LUMINANCE8, PIPE_FORMAT_R8_UNORM, GL_LUMINANCE, TB_LEGACY },
   { GL_LUMINANCE16, PIPE_FORMAT_R16_UNORM, GL_LUMINANCE, TB_LEGACY },
   { GL_LUMINANCE16F_ARB, PIPE_FORMAT_R16_FLOAT, GL_LUMINANCE, TB_LEGACY },
   { GL_LUMINANCE32F_ARB, PIPE_FORMAT_R32_FLOAT, GL_LUMINANCE, TB_LEGACY },
   { GL_LUMINANCE8I_EXT, PIPE_FORMAT_R8_SINT, GL_LUMINANCE, TB_LEGACY },
   { GL_LUMINANCE16I_EXT, PIPE_FORMAT_R16_SINT, GL_LUMINANCE, TB_LEGACY },
   { GL_LUMINANCE32I_EXT, PIPE_FORMAT_R32_SINT, GL_LUMINANCE, TB_LEGACY },
   { GL_LUMINANCE8UI_EXT, PIPE_FORMAT_R8_UINT, GL_LUMINANCE, TB_LEGACY },
   { GL_LUMINANCE16UI_EXT, PIPE_FORMAT_R16_UINT, GL_LUMINANCE, TB_LEGACY },
   { GL_LUMINANCE32UI_EXT, PIPE_FORMAT_R32_UINT, GL_LUMINANCE, TB_LEGACY },
   { GL_INTENSITY8, PIPE_FORMAT_R8_UNORM, GL_INTENSITY, TB_LEGACY },
   { GL_INTENSITY16, PIPE_FORMAT_R16_UNORM, GL_INTENSITY, TB_LEGACY },
   { GL_INTENSITY16F_ARB, PIPE_FORMAT_R16_FLOAT, GL_INTENSITY, TB_LEGACY },
   { GL_INTENSITY32F_ARB, PIPE_FORMAT_R32_FLOAT, GL_INTENSITY, TB_LEGACY },
   { GL_INTENSITY8I_EXT, PIPE_FORMAT_R8_SINT, GL_INTENSITY, TB_LEGACY },
   { GL_INTENSITY16I_EXT, PIPE_FORMAT_R16_SINT, GL_INTENSITY, TB_LEGACY },
   { GL_INTENSITY32I_EXT, PIPE_FORMAT_R32_SINT, GL_INTENSITY, TB_LEGACY },
   { GL_INTENSITY8UI_EXT, PIPE_FORMAT_R8_UINT, GL_INTENSITY, TB_LEGACY },
   { GL_INTENSITY16UI_EXT, PIPE_FORMAT_R16_UINT, GL_INTENSITY, TB_LEGACY },
   { GL_INTENSITY32UI_EXT, PIPE_FORMAT_R32_UINT, GL_INTENSITY, TB_LEGACY },
   { GL_R8, PIPE_FORMAT_R8_UNORM, GL_RED, TB_CORE },
   { GL_R16, PIPE_FORMAT_R16_UNORM, GL_RED, TB_CORE },
   { GL_R16F, PIPE_FORMAT_R16_FLOAT, GL_RED, TB_CORE },
   { GL_R32F, PIPE_FORMAT_R32_FLOAT, GL_RED, TB_CORE },
   { GL_R8I, PIPE_FORMAT_R8_SINT, GL_RED, TB_CORE },
   { GL_R16I, PIPE_FORMAT_R16_SINT, GL_RED, TB_CORE },
   { GL_R32I, PIPE_FORMAT_R32_SINT, GL_RED, TB_CORE },
   { GL_R8UI, PIPE_FORMAT_R8_UINT, GL_RED, TB_CORE },
   { GL_R16UI, PIPE_FORMAT_R16_UINT, GL_RED, TB_CORE },
   { GL_R32UI, PIPE_FORMAT_R32_UINT, GL_RED, TB_CORE },
   /* two components, read as RG */
   { GL_LUMINANCE8_ALPHA8, PIPE_FORMAT_R8G8_UNORM, GL_LUMINANCE_ALPHA, TB_LEGACY },
   { GL_LUMINANCE16_ALPHA16, PIPE_FORMAT_R16G16_UNORM, GL_LUMINANCE_ALPHA, TB_LEGACY },
   { GL_LUMINANCE_ALPHA16F_ARB, PIPE_FORMAT_R16G16_FLOAT, GL_LUMINANCE_ALPHA, TB_LEGACY },
   { GL_LUMINANCE_ALPHA32F_ARB, PIPE_FORMAT_R32G32_FLOAT, GL_LUMINANCE_ALPHA, TB_LEGACY },
   { GL_LUMINANCE_ALPHA8I_EXT, PIPE_FORMAT_R8G8_SINT, GL_LUMINANCE_ALPHA, TB_LEGACY },
   { GL_LUMINANCE_ALPHA16I_EXT, PIPE_FORMAT_R16G16_SINT, GL_LUMINANCE_ALPHA, TB_LEGACY },
   { GL_LUMINANCE_ALPHA32I_EXT, PIPE_FORMAT_R32G32_SINT, GL_LUMINANCE_ALPHA, TB_LEGACY },
   { GL_LUMINANCE_ALPHA8UI_EXT, PIPE_FORMAT_R8G8_UINT, GL_LUMINANCE_ALPHA, TB_LEGACY },
   { GL_LUMINANCE_ALPHA16UI_EXT, PIPE_FORMAT_R16G16_UINT, GL_LUMINANCE_ALPHA, TB_LEGACY },
   { GL_LUMINANCE_ALPHA32UI_EXT, PIPE_FORMAT_R32G32_UINT, GL_LUMINANCE_ALPHA, TB_LEGACY },
   { GL_RG8, PIPE_FORMAT_R8G8_UNORM, GL_RG, TB_CORE },
   { GL_RG16, PIPE_FORMAT_R16G16_UNORM, GL_RG, TB_CORE },
   { GL_RG16F, PIPE_FORMAT_R16G16_FLOAT, GL_RG, TB_CORE },
   { GL_RG32F, PIPE_FORMAT_R32G32_FLOAT, GL_RG, TB_CORE },
   { GL_RG8I, PIPE_FORMAT_R8G8_SINT, GL_RG, TB_CORE },
   { GL_RG16I, PIPE_FORMAT_R16G16_SINT, GL_RG, TB_CORE },
   { GL_RG32I, PIPE_FORMAT_R32G32_SINT, GL_RG, TB_CORE },
   { GL_RG8UI, PIPE_FORMAT_R8G8_UINT, GL_RG, TB_CORE },
   { GL_RG16UI, PIPE_FORMAT_R16G16_UINT, GL_RG, TB_CORE },
   { GL_RG32UI, PIPE_FORMAT_R32G32_UINT, GL_RG, TB_CORE },
   /* three 32-bit components (ARB_texture_buffer_object_rgb32, GL 4.0) */
   { GL_RGB32F, PIPE_FORMAT_R32G32B32_FLOAT, GL_RGB, TB_RGB32 },
   { GL_RGB32I, PIPE_FORMAT_R32G32B32_SINT, GL_RGB, TB_RGB32 },
   { GL_RGB32UI, PIPE_FORMAT_R32G32B32_UINT, GL_RGB, TB_RGB32 },
   /* four components */
   { GL_RGBA8, PIPE_FORMAT_R8G8B8A8_UNORM, GL_RGBA, TB_CORE },
   { GL_RGBA16, PIPE_FORMAT_R16G16B16A16_UNORM, GL_RGBA, TB_CORE },
   { GL_RGBA16F, PIPE_FORMAT_R16G16B16A16_FLOAT, GL_RGBA, TB_CORE },
   { GL_RGBA32F, PIPE_FORMAT_R32G32B32A32_FLOAT, GL_RGBA, TB_CORE },
   { GL_RGBA8I, PIPE_FORMAT_R8G8B8A8_SINT, GL_RGBA, TB_CORE },
   { GL_RGBA16I, PIPE_FORMAT_R16G16B16A16_SINT, GL_RGBA, TB_CORE },
   { GL_RGBA32I, PIPE_FORMAT_R32G32B32A32_SINT, GL_RGBA, TB_CORE },
   { GL_RGBA8UI, PIPE_FORMAT_R8G8B8A8_UINT, GL_RGBA, TB_CORE },
   { GL_RGBA16UI, PIPE_FORMAT_R16G16B16A16_UINT, GL_RGBA, TB_CORE },
   { GL_RGBA32UI, PIPE_FORMAT_R32G32B32A32_UINT, GL_RGBA, TB_CORE },
};

enum pipe_format
st_texbuffer_format(const struct st_context *ctx, GLenum internal_format, GLenum *base)
{
   for (unsigned i = 0; i < sizeof texbuf_formats / sizeof texbuf_formats[0]; i++) {
      if (texbuf_formats[i].internal_format != internal_format)
         continue;
      if (texbuf_formats[i].table == TB_LEGACY && ctx->profile != ST_PROFILE_COMPAT)
         break;
      if (base)
         *base = texbuf_formats[i].base;
      return texbuf_formats[i].format;
   }
   if (base)
      *base = 0;
   return PIPE_FORMAT_NONE;
}

/* The internal format of a buffer texture never given one: GL_LUMINANCE8
 * (ARB_texture_buffer_object's initial TEXTURE_BUFFER_FORMAT), GL_R8 in a
 * core context, which has no luminance. */
static GLenum
internal_format_of(const struct st_context *ctx, const struct st_texture_object *o)
{
   if (o->buffer_format)
      return o->buffer_format;
   return ctx->profile == ST_PROFILE_COMPAT ? GL_LUMINANCE8 : GL_R8;
}

/* Texel size in bytes of pipe format f (0: none). */
static size_t
texel_bytes(enum pipe_format f)
{
   const struct util_format_description *d = util_format_description(f);
   return f != PIPE_FORMAT_NONE && d ? d->block_bytes : 0;
}

/* The whole buffer or the range's part of it (clamped to the store's
 * current end, which glBufferData may have moved). */
static bool
byte_range(const struct st_texture_object *o, size_t *offset, size_t *bytes)
{
   *offset = *bytes = 0;
   if (!o || !o->buffer)
      return false;
   size_t size = o->buffer->size;
   if (!o->buffer_range) {
      *bytes = size;
      return size > 0;
   }
   if (o->buffer_offset >= size)
      return false;
   *offset = o->buffer_offset;
   *bytes = size - o->buffer_offset < o->buffer_size ? size - o->buffer_offset : o->buffer_size;
   return *bytes > 0;
}

/* Whole texels in a byte range, at most GL_MAX_TEXTURE_BUFFER_SIZE (GL
 * 3.1 section 3.8.5: a partial texel at the end does not count, and the
 * count is clamped to the limit). */
static size_t
texel_count(size_t bytes, size_t bs)
{
   size_t n = bs ? bytes / bs : 0;
   return n > ST_MAX_TEXTURE_BUFFER_SIZE ? ST_MAX_TEXTURE_BUFFER_SIZE : n;
}

void
st_texbuffer_image(const struct st_context *ctx, const struct st_texture_object *o,
                   struct st_texture_image *img)
{
   memset(img, 0, sizeof *img);
   GLenum ifmt = internal_format_of(ctx, o);
   GLenum base = 0;
   enum pipe_format f = st_texbuffer_format(ctx, ifmt, &base);
   img->internal_format = ifmt;
   size_t offset, bytes;
   if (!byte_range(o, &offset, &bytes) || f == PIPE_FORMAT_NONE)
      return;
   img->width = (GLint)texel_count(bytes, texel_bytes(f));
   img->height = img->depth = 1;
   img->base_format = base;
   img->format = f;
}

/* Components of the base format (GL 3.1 table 3.15's and ARB_texture_
 * buffer_object's: A (0, 0, 0, A), L (L, L, L, 1), LA (L, L, L, A),
 * I (I, I, I, I), R (R, 0, 0, 1), RG (R, G, 0, 1), RGB (R, G, B, 1)). */
static void
base_swizzle(GLenum base, struct pipe_sampler_view *v)
{
   const unsigned char X = PIPE_SWIZZLE_X, Y = PIPE_SWIZZLE_Y, Z = PIPE_SWIZZLE_Z,
                       W = PIPE_SWIZZLE_W, Z0 = PIPE_SWIZZLE_0, O1 = PIPE_SWIZZLE_1;
   unsigned char s[4] = { X, Y, Z, W };
   switch (base) {
   case GL_ALPHA: s[0] = s[1] = s[2] = Z0; s[3] = X; break;
   case GL_LUMINANCE: s[1] = s[2] = X; s[3] = O1; break;
   case GL_LUMINANCE_ALPHA: s[1] = s[2] = X; s[3] = Y; break;
   case GL_INTENSITY: s[1] = s[2] = s[3] = X; break;
   case GL_RED: s[1] = s[2] = Z0; s[3] = O1; break;
   case GL_RG: s[2] = Z0; s[3] = O1; break;
   case GL_RGB: s[3] = O1; break;
   default: break;
   }
   v->swizzle_r = s[0];
   v->swizzle_g = s[1];
   v->swizzle_b = s[2];
   v->swizzle_a = s[3];
}

struct pipe_sampler_view *
st_texbuffer_make_view(struct st_context *ctx, struct st_texture_object *o)
{
   struct pipe_context *pipe = ctx->pipe;
   GLenum base = 0;
   enum pipe_format f = st_texbuffer_format(ctx, internal_format_of(ctx, o), &base);
   size_t bs = texel_bytes(f), offset, bytes;
   if (!bs || !byte_range(o, &offset, &bytes) || !pipe->buffer_subdata)
      return NULL;
   bytes = texel_count(bytes, bs) * bs;
   if (!bytes)
      return NULL;
   struct pipe_resource templ;
   memset(&templ, 0, sizeof templ);
   templ.target = PIPE_BUFFER;
   templ.format = f;
   templ.width0 = (unsigned)bytes;
   templ.height0 = templ.depth0 = templ.array_size = 1;
   templ.bind = PIPE_BIND_SAMPLER_VIEW;
   struct pipe_resource *res = ctx->screen->resource_create(ctx->screen, &templ);
   if (!res)
      return NULL;
   pipe->buffer_subdata(pipe, res, PIPE_MAP_WRITE, 0, (unsigned)bytes, o->buffer->data + offset);
   struct pipe_sampler_view vt;
   memset(&vt, 0, sizeof vt);
   vt.format = f;
   vt.target = PIPE_BUFFER;
   vt.buf_offset = 0;
   vt.buf_size = (unsigned)bytes;
   base_swizzle(base, &vt);
   struct pipe_sampler_view *v = pipe->create_sampler_view(pipe, res, &vt);
   pipe_resource_reference(&res, NULL);
   return v;
}

/* glTexBuffer / glTexBufferRange (range: offset and size given). */
static void
tex_buffer(struct st_context *ctx, GLenum target, GLenum internal_format, GLuint buffer,
           bool range, GLintptr offset, GLsizeiptr size, const char *name)
{
   if (target != GL_TEXTURE_BUFFER || !st_texbuffer_enabled(ctx)) {
      st_error(ctx, GL_INVALID_ENUM, name);
      return;
   }
   if (st_texbuffer_format(ctx, internal_format, NULL) == PIPE_FORMAT_NONE) {
      st_error(ctx, GL_INVALID_ENUM, name);
      return;
   }
   struct st_buffer *b = NULL;
   if (buffer) {
      b = st_names_lookup(&ctx->share->buffers, buffer);
      if (!b) {
         /* not the name of an existing buffer object */
         st_error(ctx, GL_INVALID_OPERATION, name);
         return;
      }
      /* ARB_texture_buffer_range: the range must lie in the buffer, start
       * at a multiple of TEXTURE_BUFFER_OFFSET_ALIGNMENT and hold a byte */
      if (range && (offset < 0 || size <= 0 || (size_t)offset > b->size ||
                    (size_t)size > b->size - (size_t)offset ||
                    offset % ST_TEXTURE_BUFFER_OFFSET_ALIGNMENT)) {
         st_error(ctx, GL_INVALID_VALUE, name);
         return;
      }
   }
   struct st_texture_object *o =
      ctx->texture.unit[ctx->texture.active_unit].bound[ST_TEX_BUFFER];
   /* buffer 0 detaches; offset and size then read 0 */
   st_buffer_reference(&o->buffer, b);
   o->buffer_format = internal_format;
   o->buffer_range = b && range;
   o->buffer_offset = b && range ? (size_t)offset : 0;
   o->buffer_size = b && range ? (size_t)size : 0;
   o->serial++;
}

void GLAPIENTRY
api_glTexBuffer(GLenum target, GLenum internalformat, GLuint buffer)
{
   ST_ENTRY(ctx);
   tex_buffer(ctx, target, internalformat, buffer, false, 0, 0, "glTexBuffer");
}

void GLAPIENTRY
api_glTexBufferARB(GLenum target, GLenum internalformat, GLuint buffer)
{
   ST_ENTRY(ctx);
   tex_buffer(ctx, target, internalformat, buffer, false, 0, 0, "glTexBufferARB");
}

void GLAPIENTRY
api_glTexBufferRange(GLenum target, GLenum internalformat, GLuint buffer, GLintptr offset,
                     GLsizeiptr size)
{
   ST_ENTRY(ctx);
   tex_buffer(ctx, target, internalformat, buffer, true, offset, size, "glTexBufferRange");
}
