/*
 * Texture objects and images: glGenTextures .. glGenerateMipmap (GL 2.1
 * section 3.8, 6.1.3-6.1.4).  Storage and completeness are st_texture.c.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "api.h"
#include "format/u_format.h"
#include "pipe/p_context.h"
#include "pipe/p_defines.h"
#include "st_buffer.h"
#include "st_clamp.h"
#include "st_drawpix.h"
#include "st_es_formats.h"
#include "st_fbo.h"
#include "st_framebuffer.h"
#include "st_pixel_pack.h"
#include "st_pixel_unpack.h"
#include "st_texms.h"
#include "st_texture.h"
#include "util/u_inlines.h"
#include "util/u_math.h"

/* GL_ARB_texture_rectangle (offered with every driver that samples rectangles). */
static inline bool
st_tex_have_rect(const struct st_context *ctx)
{
   (void)ctx;
   return true;
}

/* --- objects ------------------------------------------------------------------- */

void GLAPIENTRY
api_glGenTextures(GLsizei n, GLuint *textures)
{
   ST_ENTRY(ctx);
   if (n < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glGenTextures");
      return;
   }
   if (n && !textures)
      return;
   if (!st_names_gen(&ctx->share->textures, n, textures))
      st_error(ctx, GL_OUT_OF_MEMORY, "glGenTextures");
}

static void
unbind_everywhere(struct st_context *ctx, struct st_texture_object *o)
{
   for (unsigned u = 0; u < ST_MAX_COMBINED_TEXTURE_UNITS; u++) {
      for (unsigned t = 0; t < ST_NUM_TEX_TARGETS; t++) {
         if (ctx->texture.unit[u].bound[t] == o)
            st_texture_reference(ctx, &ctx->texture.unit[u].bound[t], ctx->tex.default_obj[t]);
      }
   }
}

void GLAPIENTRY
api_glDeleteTextures(GLsizei n, const GLuint *textures)
{
   ST_ENTRY(ctx);
   if (n < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glDeleteTextures");
      return;
   }
   if (!textures)
      return;
   for (GLsizei i = 0; i < n; i++) {
      if (textures[i] == 0)
         continue;
      struct st_texture_object *o = st_texture_lookup(ctx, textures[i]);
      if (o) {
         unbind_everywhere(ctx, o);
         st_fbo_texture_deleted(ctx, o);
      }
      o = st_names_remove(&ctx->share->textures, textures[i]);
      if (o)
         st_texture_object_destroy_cb(o, NULL);
   }
}

void GLAPIENTRY
api_glBindTexture(GLenum target, GLuint texture)
{
   ST_ENTRY(ctx);
   int idx = st_tex_target_index(target);
   if (idx < 0 || (idx == ST_TEX_RECT && !st_tex_have_rect(ctx)) ||
       ((idx == ST_TEX_1D_ARRAY || idx == ST_TEX_2D_ARRAY) && !ctx->caps.tex_array) ||
       (idx == ST_TEX_CUBE_ARRAY && !ctx->caps.tex_cube_array) ||
       ((idx == ST_TEX_2D_MS || idx == ST_TEX_2D_MS_ARRAY) && !ctx->caps.tex_multisample) ||
       (idx == ST_TEX_BUFFER && !st_texbuffer_enabled(ctx))) {
      st_error(ctx, GL_INVALID_ENUM, "glBindTexture");
      return;
   }
   struct st_texture_object *o;
   if (texture == 0) {
      o = ctx->tex.default_obj[idx];
   } else {
      o = st_texture_lookup(ctx, texture);
      if (o) {
         if (o->target != target) {
            st_error(ctx, GL_INVALID_OPERATION, "glBindTexture");
            return;
         }
      } else if (!st_bind_name_ok(ctx, &ctx->share->textures, texture)) {
         st_error(ctx, GL_INVALID_OPERATION, "glBindTexture");
         return;
      } else {
         o = st_texture_object_create(texture, target);
         if (!o || !st_names_set(&ctx->share->textures, texture, o)) {
            free(o);
            st_error(ctx, GL_OUT_OF_MEMORY, "glBindTexture");
            return;
         }
         st_texture_object_set_target(o, target);
      }
   }
   st_texture_reference(ctx, &ctx->texture.unit[ctx->texture.active_unit].bound[idx], o);
}

GLboolean GLAPIENTRY
api_glIsTexture(GLuint texture)
{
   ST_ENTRY_RET(ctx, GL_FALSE);
   struct st_texture_object *o = st_texture_lookup(ctx, texture);
   return o && o->target ? GL_TRUE : GL_FALSE;
}

GLboolean GLAPIENTRY
api_glAreTexturesResident(GLsizei n, const GLuint *textures, GLboolean *residences)
{
   ST_ENTRY_RET(ctx, GL_FALSE);
   (void)residences;
   if (n < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glAreTexturesResident");
      return GL_FALSE;
   }
   for (GLsizei i = 0; i < n; i++) {
      if (!textures || textures[i] == 0 || !st_texture_lookup(ctx, textures[i])) {
         st_error(ctx, GL_INVALID_VALUE, "glAreTexturesResident");
         return GL_FALSE;
      }
   }
   /* every texture is resident: residences is left alone (GL 2.1 3.8.13) */
   return GL_TRUE;
}

void GLAPIENTRY
api_glPrioritizeTextures(GLsizei n, const GLuint *textures, const GLclampf *priorities)
{
   ST_ENTRY(ctx);
   if (n < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glPrioritizeTextures");
      return;
   }
   for (GLsizei i = 0; i < n && textures && priorities; i++) {
      struct st_texture_object *o = st_texture_lookup(ctx, textures[i]);
      if (o) {
         GLfloat p = priorities[i];
         o->sampler.priority = p < 0 ? 0 : p > 1 ? 1 : p;
      }
   }
}

/* --- image targets ---------------------------------------------------------------- */

struct tex_target {
   struct st_texture_object *obj;
   unsigned face;
   bool proxy;
   GLenum target;        /* the object target (GL_TEXTURE_CUBE_MAP for faces) */
};

/* Resolve an image target of a dims-dimensional command; false: INVALID_ENUM. */
static bool
image_target(struct st_context *ctx, GLenum target, unsigned dims, bool allow_proxy,
             struct tex_target *out)
{
   GLenum t = 0;
   bool proxy = false;
   unsigned face = 0;
   switch (dims) {
   case 1:
      if (target == GL_TEXTURE_1D) t = target;
      else if (target == GL_PROXY_TEXTURE_1D) { t = GL_TEXTURE_1D; proxy = true; }
      break;
   case 2:
      if (target == GL_TEXTURE_2D) t = target;
      else if (target == GL_PROXY_TEXTURE_2D) { t = GL_TEXTURE_2D; proxy = true; }
      else if (target >= GL_TEXTURE_CUBE_MAP_POSITIVE_X &&
               target <= GL_TEXTURE_CUBE_MAP_NEGATIVE_Z) {
         t = GL_TEXTURE_CUBE_MAP;
         face = target - GL_TEXTURE_CUBE_MAP_POSITIVE_X;
      } else if (target == GL_PROXY_TEXTURE_CUBE_MAP) {
         t = GL_TEXTURE_CUBE_MAP; proxy = true;
      } else if (target == GL_TEXTURE_RECTANGLE_ARB && st_tex_have_rect(ctx)) {
         t = target;
      } else if (target == GL_PROXY_TEXTURE_RECTANGLE_ARB && st_tex_have_rect(ctx)) {
         t = GL_TEXTURE_RECTANGLE_ARB; proxy = true;
      } else if (target == GL_TEXTURE_1D_ARRAY_EXT && ctx->caps.tex_array) {
         t = target;
      } else if (target == GL_PROXY_TEXTURE_1D_ARRAY_EXT && ctx->caps.tex_array) {
         t = GL_TEXTURE_1D_ARRAY_EXT; proxy = true;
      }
      break;
   case 3:
      if (target == GL_TEXTURE_3D) t = target;
      else if (target == GL_PROXY_TEXTURE_3D) { t = GL_TEXTURE_3D; proxy = true; }
      else if (target == GL_TEXTURE_2D_ARRAY_EXT && ctx->caps.tex_array) t = target;
      else if (target == GL_PROXY_TEXTURE_2D_ARRAY_EXT && ctx->caps.tex_array) {
         t = GL_TEXTURE_2D_ARRAY_EXT; proxy = true;
      } else if (target == GL_TEXTURE_CUBE_MAP_ARRAY_ARB && ctx->caps.tex_cube_array) {
         t = target;
      } else if (target == GL_PROXY_TEXTURE_CUBE_MAP_ARRAY_ARB && ctx->caps.tex_cube_array) {
         t = GL_TEXTURE_CUBE_MAP_ARRAY_ARB; proxy = true;
      }
      break;
   }
   if (!t || (proxy && !allow_proxy))
      return false;
   int idx = st_tex_target_index(t);
   out->obj = proxy ? ctx->tex.proxy[idx]
                    : ctx->texture.unit[ctx->texture.active_unit].bound[idx];
   out->face = face;
   out->proxy = proxy;
   out->target = t;
   return true;
}

static unsigned
max_levels(GLenum target)
{
   switch (target) {
   case GL_TEXTURE_3D: return ST_MAX_3D_TEXTURE_LEVELS;
   case GL_TEXTURE_RECTANGLE_ARB: return 1;
   case GL_TEXTURE_CUBE_MAP: return ST_MAX_CUBE_TEXTURE_LEVELS;
   default: return ST_MAX_TEXTURE_LEVELS;
   }
}

static GLint
max_size(GLenum target)
{
   switch (target) {
   case GL_TEXTURE_3D: return ST_MAX_3D_TEXTURE_SIZE;
   case GL_TEXTURE_RECTANGLE_ARB: return ST_MAX_RECT_TEXTURE_SIZE;
   case GL_TEXTURE_CUBE_MAP: return ST_MAX_CUBE_TEXTURE_SIZE;
   default: return ST_MAX_TEXTURE_SIZE;
   }
}

static void
unpack_features(const struct st_context *ctx, struct st_pixel_features *f)
{
   memset(f, 0, sizeof *f);
   f->bgra = ctx->caps.ext_bgra || ctx->version >= 12;
   f->packed_pixels = ctx->caps.ext_packed_pixels || ctx->version >= 12;
   f->depth_stencil = true;   /* GL_DEPTH_STENCIL / UNSIGNED_INT_24_8 into depth textures */
   /* client formats/types of the format extensions, accepted once offered */
   f->rg = ctx->caps.ext_texture_rg;
   f->integer = ctx->caps.ext_texture_integer;   /* GL_*_INTEGER client formats */
   f->packed_float = ctx->caps.ext_packed_float;
   f->half_float = ctx->caps.ext_half_float_pixel;
   f->shared_exponent = ctx->caps.ext_texture_shared_exponent;
   f->depth_float = ctx->caps.ext_depth_buffer_float;   /* FLOAT_32_UNSIGNED_INT_24_8_REV */
}

static bool
is_depth_base(GLenum base)
{
   return base == GL_DEPTH_COMPONENT || base == GL_DEPTH_STENCIL;
}

/* internal format -> base, also DEPTH_STENCIL ones (GL_EXT_packed_depth_stencil) */
static GLenum
base_format(const struct st_context *ctx, GLenum internal_format)
{
   if (internal_format == GL_DEPTH_STENCIL || internal_format == GL_DEPTH24_STENCIL8)
      return GL_DEPTH_STENCIL;
   if (internal_format == GL_DEPTH32F_STENCIL8)   /* GL_ARB_depth_buffer_float */
      return st_tex_format_allowed(ctx, internal_format) ? GL_DEPTH_STENCIL : 0;
   if (!st_tex_format_allowed(ctx, internal_format))
      return 0;   /* an extension's format the context does not offer */
   return st_tex_base_format(internal_format);
}

static enum pipe_format
choose_format(struct st_context *ctx, GLenum internal_format, GLenum target)
{
   if (internal_format == GL_DEPTH32F_STENCIL8)
      return PIPE_FORMAT_Z32_FLOAT_S8X24_UINT;
   if (base_format(ctx, internal_format) == GL_DEPTH_STENCIL)
      return PIPE_FORMAT_Z24_UNORM_S8_UINT;
   return st_tex_choose_format(ctx, internal_format, target);
}

/* Is a size valid for a level (incl. border)? */
static bool
size_ok(GLenum target, GLint level, GLint size, GLint border)
{
   GLint max = max_size(target) >> level;
   if (max < 1)
      max = 1;
   return size >= 2 * border && size - 2 * border <= max;
}

/* Borders of the y / z dimensions of an image of 'target' specified with
 * 'dims' dimensions: an array's layer dimension has none. */
static GLint
border_y(GLenum target, unsigned dims, GLint border)
{
   return dims >= 2 && target != GL_TEXTURE_1D_ARRAY_EXT ? border : 0;
}

static GLint
border_z(GLenum target, unsigned dims, GLint border)
{
   return dims >= 3 && !st_tex_is_layer3d(target) ? border : 0;
}

/* Layer counts of array textures (GL_MAX_ARRAY_TEXTURE_LAYERS_EXT). */
static bool
layers_ok(GLint layers)
{
   return layers >= 0 && layers <= ST_MAX_ARRAY_TEXTURE_LAYERS;
}

static void
clear_image(struct st_texture_image *img)
{
   pipe_resource_reference(&img->pt, NULL);
   memset(img, 0, sizeof *img);
   img->format = PIPE_FORMAT_NONE;
}

/* Zero a proxy image's state (a failed proxy query). */
static void
proxy_fail(struct st_texture_object *o, unsigned level)
{
   for (unsigned f = 0; f < 6; f++)
      clear_image(&o->image[f][level]);
}

/* --- texel transfer ------------------------------------------------------------------- */

static void
index_map_cb(void *closure, const uint32_t *indices, unsigned n, float (*rgba)[4])
{
   st_pixel_index_to_rgba(closure, n, indices, rgba);
}

/*
 * EXT_texture_snorm: GL_BYTE / GL_SHORT data for a signed normalized
 * texture converts as c / (2^(b-1) - 1) (at least -1), the snorm rule of
 * the storage, so that such data round-trips exactly through
 * glGetTexImage (pack_snorm_exact); st_unpack gave GL 2.1's (2c + 1) /
 * (2^b - 1), from which c is recovered exactly (8 and 16 bits).
 */
static void
unpack_snorm_exact(GLenum type, size_t n, float (*rgba)[4])
{
   if (type != GL_BYTE && type != GL_SHORT)
      return;
   double full = type == GL_BYTE ? 255.0 : 65535.0, half = type == GL_BYTE ? 127.0 : 32767.0;
   for (size_t i = 0; i < n; i++)
      for (unsigned c = 0; c < 4; c++) {
         double v = floor(((double)rgba[i][c] * full - 1.0) / 2.0 + 0.5);
         double f = v / half;
         rgba[i][c] = (float)(f < -1.0 ? -1.0 : f);
      }
}

/* The other half: a signed normalized texture's texels into GL_BYTE /
 * GL_SHORT data as round(f * (2^(b-1) - 1)), f clamped to [-1, 1].  Formats
 * of R, G, B, A and L (L is R) only; false (caller packs) otherwise. */
static bool
pack_snorm_exact(GLenum format, GLenum type, const float (*rgba)[4], unsigned n, void *dst,
                 bool swap_bytes)
{
   uint8_t comp[4];
   unsigned nc = type == GL_BYTE || type == GL_SHORT ? st_pixel_format_layout(format, comp) : 0;
   if (!nc || st_pixel_format_is_integer(format))
      return false;
   for (unsigned k = 0; k < nc; k++)
      if (comp[k] > ST_PIX_A && comp[k] != ST_PIX_L)
         return false;
   double half = type == GL_BYTE ? 127.0 : 32767.0;
   for (unsigned i = 0; i < n; i++)
      for (unsigned k = 0; k < nc; k++) {
         unsigned c = comp[k] == ST_PIX_L ? 0 : comp[k];
         double f = rgba[i][c];
         f = !(f > -1.0) ? -1.0 : f > 1.0 ? 1.0 : f;
         int32_t v = (int32_t)floor(f * half + 0.5);
         if (type == GL_BYTE) {
            ((int8_t *)dst)[i * nc + k] = (int8_t)v;
         } else {
            int16_t sv = (int16_t)v;
            memcpy((uint8_t *)dst + 2 * ((size_t)i * nc + k), &sv, 2);
         }
      }
   if (swap_bytes && type == GL_SHORT)
      st_pixel_swap_elements(dst, n * nc, 2);
   return true;
}

/* Write client texels (w x h x d with the unpack state) at GL texel
 * (x, y, z) of an image; GL texel -border is stored texel... dropped. */
static bool
store_texels(struct st_context *ctx, struct st_texture_object *o, unsigned face,
             unsigned level, GLint x, GLint y, GLint z, GLsizei w, GLsizei h, GLsizei d,
             GLenum format, GLenum type, const void *pixels, unsigned dims)
{
   struct st_texture_image *img = &o->image[face][level];
   if (!pixels || w <= 0 || h <= 0 || d <= 0)
      return true;
   struct pipe_resource *res;
   unsigned rl, layer;
   if (!st_texture_image_location(ctx, o, face, level, &res, &rl, &layer))
      return false;
   GLint b = img->border;
   GLint sw = img->width - 2 * b;
   GLint sh = o->target == GL_TEXTURE_1D ? 1 : img->height - 2 * b;
   GLint sd = o->target == GL_TEXTURE_3D ? img->depth - 2 * b : 1;
   if (o->target == GL_TEXTURE_1D_ARRAY_EXT)
      sh = img->height;                  /* GL rows are the layers */
   else if (st_tex_is_layer3d(o->target))
      sd = img->depth;
   bool rows_are_layers = o->target == GL_TEXTURE_1D_ARRAY_EXT;
   GLint by = o->target == GL_TEXTURE_1D ? 0 : b, bz = o->target == GL_TEXTURE_3D ? b : 0;
   /* stored region: GL x in [0, sw) */
   GLint x0 = x < 0 ? 0 : x, x1 = x + w > sw ? sw : x + w;
   GLint y0 = y < 0 ? 0 : y, y1 = y + h > sh ? sh : y + h;
   GLint z0 = z < 0 ? 0 : z, z1 = z + d > sd ? sd : z + d;
   (void)by; (void)bz;
   if (x0 >= x1 || y0 >= y1 || z0 >= z1)
      return true;
   const struct st_pixelstore *ps = &ctx->pixelstore.unpack;
   struct pipe_box box = { x0, y0, (int)layer + z0, x1 - x0, y1 - y0, z1 - z0 };
   if (rows_are_layers) {               /* PIPE_TEXTURE_1D_ARRAY: rows -> layers */
      box.y = 0;
      box.height = 1;
      box.z = (int)layer + y0;
      box.depth = y1 - y0;
   }
   struct pipe_transfer *xfer = NULL;
   uint8_t *map = ctx->pipe->texture_map(ctx->pipe, res, rl, PIPE_MAP_WRITE, &box, &xfer);
   if (!map)
      return false;
   size_t row_stride = rows_are_layers ? xfer->layer_stride : xfer->stride;
   /* EXT_texture_sRGB: client values are stored as given, no encoding
    * (sRGB formats are written through their linear twin); the image's
    * format, which a texture view may reinterpret the resource with */
   enum pipe_format pf = st_framebuffer_view_format(img->format);
   const struct util_format_description *desc = util_format_description(pf);
   bool ok = true;
   size_t n = (size_t)w * (size_t)h;
   float (*rgba)[4] = NULL;
   float *zf = NULL;
   uint8_t *sv = NULL;
   uint32_t *si = NULL;
   bool zs = desc->is_depth || desc->is_stencil;
   if (zs) {
      zf = malloc(sizeof(float) * (size_t)w);
      sv = calloc((size_t)w, 1);
      si = malloc(sizeof(uint32_t) * (size_t)w);
   } else {
      rgba = malloc(sizeof *rgba * n);
   }
   if ((zs && (!zf || !sv || !si)) || (!zs && !rgba)) {
      ok = false;
      goto out;
   }
   struct st_unpack_index_map imap = { index_map_cb, ctx };
   for (GLint zz = z0; zz < z1; zz++) {
      int img_i = dims == 3 ? zz - z : 0;
      uint8_t *slice = map + (size_t)(zz - z0) * xfer->layer_stride;
      if (!desc->is_depth && desc->is_stencil) {
         /* GL_ARB_texture_stencil8: indices through the index shift/offset
          * and the stencil map, as glDrawPixels(GL_STENCIL_INDEX) */
         for (GLint yy = y0; yy < y1; yy++) {
            int row = dims == 1 ? 0 : yy - y;
            size_t off = st_unpack_offset(ps, format, type, w, h, dims, 0, row, img_i);
            const uint8_t *src = (const uint8_t *)pixels + (type == GL_BITMAP ? off / 8 : off);
            st_unpack_index(type, src, (unsigned)w, si, ps->swap_bytes, ps->lsb_first,
                            type == GL_BITMAP ? (unsigned)(off % 8) : 0);
            st_pixel_transfer_stencil(ctx, (unsigned)w, si, sv);
            uint8_t *dst = slice + (size_t)(yy - y0) * row_stride;
            util_format_pack_s_8uint(pf, dst, sv + (x0 - x), (unsigned)(x1 - x0));
         }
      } else if (desc->is_depth) {
         for (GLint yy = y0; yy < y1; yy++) {
            int row = dims == 1 ? 0 : yy - y;
            const uint8_t *src = (const uint8_t *)pixels +
                                 st_unpack_offset(ps, format, type, w, h, dims, 0, row, img_i);
            if (format == GL_DEPTH_STENCIL && type == GL_FLOAT_32_UNSIGNED_INT_24_8_REV)
               st_unpack_depth_stencil_32f(src, (unsigned)w, zf, sv, ps->swap_bytes);
            else if (format == GL_DEPTH_STENCIL)
               st_unpack_depth_stencil(src, (unsigned)w, zf, sv, ps->swap_bytes);
            else
               st_unpack_depth(type, src, (unsigned)w, zf, ps->swap_bytes);
            /* scale/bias, then [0, 1] for float depth textures too (ARB, not
             * NV_depth_buffer_float: Mesa clamps these uploads the same way) */
            st_pixel_transfer_depth(ctx, (unsigned)w, zf);
            uint8_t *dst = slice + (size_t)(yy - y0) * row_stride;
            util_format_pack_z_float(pf, dst, zf + (x0 - x), (unsigned)(x1 - x0));
            if (desc->is_stencil)
               util_format_pack_s_8uint(pf, dst, sv + (x0 - x), (unsigned)(x1 - x0));
         }
      } else if (desc->is_pure_integer) {
         /* EXT_texture_integer: the client's integers as they are (no
          * normalization, no pixel transfer), clamped to the channel's
          * range by its signedness and the client type's */
         uint32_t (*iv)[4] = (uint32_t (*)[4])rgba;   /* same room: 4 words a texel */
         GLsizei rows = dims == 1 ? 1 : h;
         for (GLsizei row = 0; row < rows; row++) {
            const uint8_t *src = (const uint8_t *)pixels +
                                 st_unpack_offset(ps, format, type, w, h, dims, 0, row, img_i);
            if (!st_unpack_rgba_int(format, type, src, (unsigned)w, iv + (size_t)row * (size_t)w,
                                    ps->swap_bytes)) {
               ok = false;
               goto unmap;
            }
         }
         st_tex_mask_base_int(img->base_format, n, iv);
         bool sgn = type == GL_BYTE || type == GL_SHORT || type == GL_INT;
         for (GLint yy = y0; yy < y1; yy++) {
            int row = dims == 1 ? 0 : yy - y;
            uint32_t (*src)[4] = iv + (size_t)row * (size_t)w + (x0 - x);
            uint8_t *dst = slice + (size_t)(yy - y0) * row_stride;
            if (sgn)
               util_format_pack_rgba_sint(pf, dst, (const int32_t *)&src[0][0],
                                          (unsigned)(x1 - x0));
            else
               util_format_pack_rgba_uint(pf, dst, &src[0][0], (unsigned)(x1 - x0));
         }
      } else {
         if (!st_unpack_image_rgba(ps, format, type, w, dims == 1 ? 1 : h, dims, img_i, pixels,
                                   rgba, &imap)) {
            ok = false;
            goto unmap;
         }
         /* colour-index data already went through the index shift/offset and
          * the I-to-RGBA maps (index_map_cb); RGBA scale/bias and the
          * RGBA-to-RGBA maps apply to RGBA data only (GL 2.1 3.6.5) */
         if (desc->nr_channels && desc->channel[0].type == UTIL_FORMAT_TYPE_SNORM &&
             format != GL_COLOR_INDEX)
            unpack_snorm_exact(type, n, rgba);
         if (format != GL_COLOR_INDEX)
            st_pixel_transfer_rgba(ctx, (unsigned)n, rgba);
         /* float A/L/LA/I live in RGBA storage: keep only the base format's
          * components (I in alpha too), so mipmap generation and copies see them */
         if (st_tex_format_is_float(img->internal_format) ||
             st_tex_format_is_snorm(img->internal_format))
            st_fb_mask_base(img->base_format, (unsigned)n, rgba);
         for (GLint yy = y0; yy < y1; yy++) {
            int row = dims == 1 ? 0 : yy - y;
            float (*src)[4] = rgba + (size_t)row * (size_t)w + (x0 - x);
            uint8_t *dst = slice + (size_t)(yy - y0) * row_stride;
            util_format_pack_rgba_float(pf, dst, &src[0][0], (unsigned)(x1 - x0));
         }
      }
   }
unmap:
   ctx->pipe->texture_unmap(ctx->pipe, xfer);
out:
   free(rgba);
   free(zf);
   free(sv);
   free(si);
   return ok;
}


/* RGBA texels (rows 'stride' texels apart) into the rectangle [x0, x1) x
 * [y0, y1) of layer z of a compressed image of iw x ih texels: the
 * rectangle is widened to whole blocks (or the image edge), the texels of
 * the widened part keep their stored values (decoded, for sRGB through the
 * linear twin, and re-encoded with the new ones). */
static bool
store_compressed_rect(struct st_context *ctx, struct pipe_resource *res, unsigned rl, int z,
                      enum pipe_format f, GLint iw, GLint ih, GLint x0, GLint y0, GLint x1,
                      GLint y1, const float (*src)[4], size_t stride)
{
   const struct util_format_description *d = util_format_description(f);
   GLint bw = d->block_width, bh = d->block_height;
   GLint ax0 = x0 - x0 % bw, ay0 = y0 - y0 % bh;
   GLint ax1 = (x1 + bw - 1) / bw * bw, ay1 = (y1 + bh - 1) / bh * bh;
   ax1 = ax1 < iw ? ax1 : iw;
   ay1 = ay1 < ih ? ay1 : ih;
   if (ax1 < x1) ax1 = x1;   /* (defensive: never past what the caller writes) */
   if (ay1 < y1) ay1 = y1;
   size_t pw = (size_t)(ax1 - ax0), ph = (size_t)(ay1 - ay0);
   float (*buf)[4] = malloc(sizeof *buf * pw * ph);
   if (!buf)
      return false;
   struct pipe_box box = { ax0, ay0, z, (int)pw, (int)ph, 1 };
   if (ax0 != x0 || ay0 != y0 || ax1 != x1 || ay1 != y1) {
      struct pipe_transfer *rx = NULL;
      const uint8_t *rm = ctx->pipe->texture_map(ctx->pipe, res, rl, PIPE_MAP_READ, &box, &rx);
      if (!rm) {
         free(buf);
         return false;
      }
      util_format_unpack_rect_rgba_float(st_framebuffer_view_format(f), &buf[0][0],
                                         (unsigned)(pw * 16), rm, rx->stride, (unsigned)pw,
                                         (unsigned)ph);
      ctx->pipe->texture_unmap(ctx->pipe, rx);
   }
   for (GLint y = y0; y < y1; y++)
      memcpy(buf[(size_t)(y - ay0) * pw + (size_t)(x0 - ax0)], src[(size_t)(y - y0) * stride],
             sizeof *buf * (size_t)(x1 - x0));
   struct pipe_transfer *xfer = NULL;
   uint8_t *map = ctx->pipe->texture_map(ctx->pipe, res, rl, PIPE_MAP_WRITE, &box, &xfer);
   bool ok = map != NULL;
   if (map) {
      ok = st_tex_compress_rgba(f, (const float (*)[4])buf, (unsigned)pw, (unsigned)ph, map,
                                xfer->stride);
      ctx->pipe->texture_unmap(ctx->pipe, xfer);
   }
   free(buf);
   return ok;
}

/* Uncompressed client data into a compressed image (d layers from layer z
 * of a 2D array; client images of a dims-dimensional upload): unpack, then
 * encode. */
static bool
store_texels_compressed_layers(struct st_context *ctx, struct st_texture_object *o,
                               unsigned face, unsigned level, GLint x, GLint y, GLint z,
                               GLsizei w, GLsizei h, GLsizei d, GLenum format, GLenum type,
                               const void *pixels, unsigned dims)
{
   if (!pixels || w <= 0 || h <= 0 || d <= 0)
      return true;
   struct pipe_resource *res;
   unsigned rl, layer;
   if (!st_texture_image_location(ctx, o, face, level, &res, &rl, &layer))
      return false;
   float (*rgba)[4] = malloc(sizeof *rgba * (size_t)w * (size_t)h);
   if (!rgba)
      return false;
   struct st_unpack_index_map imap = { index_map_cb, ctx };
   bool ok = true;
   for (GLsizei i = 0; i < d && ok; i++) {
      ok = st_unpack_image_rgba(&ctx->pixelstore.unpack, format, type, w, h, dims,
                                dims == 3 ? i : 0, pixels, rgba, &imap);
      if (!ok)
         break;
      if (format != GL_COLOR_INDEX)   /* index data: shift/offset and maps only */
         st_pixel_transfer_rgba(ctx, (unsigned)w * (unsigned)h, rgba);
      /* a region ending inside a block (BPTC allows that at offset 0)
       * keeps the rest of its blocks */
      const struct st_texture_image *ti = &o->image[face][level];
      ok = store_compressed_rect(ctx, res, rl, (int)layer + z + i, ti->format, ti->width,
                                 ti->height, x, y, x + w, y + h, (const float (*)[4])rgba,
                                 (size_t)w);
   }
   free(rgba);
   return ok;
}

bool
st_tex_internal_format_ok(const struct st_context *ctx, GLenum internal_format)
{
   return base_format(ctx, internal_format) != 0;
}

bool
st_tex_image_limits(struct st_context *ctx, unsigned dims, GLenum target, unsigned *levels,
                    GLint max[3])
{
   struct tex_target tt;
   if (!image_target(ctx, target, dims, false, &tt))
      return false;
   *levels = max_levels(tt.target);
   for (unsigned i = 0; i < 3; i++)
      max[i] = i < dims ? max_size(tt.target) : 1;
   if (tt.target == GL_TEXTURE_1D_ARRAY_EXT)
      max[1] = ST_MAX_ARRAY_TEXTURE_LAYERS;
   if (dims == 3 && st_tex_is_layer3d(tt.target))
      max[2] = ST_MAX_ARRAY_TEXTURE_LAYERS;
   return true;
}

/*
 * Bytes of a w x h x d compressed image of a block format, in 64-bit: at the
 * largest sizes (8192 x 8192 x 2048 layers) the product passes 2^32, and a
 * wrapped size would let a small imageSize pass the check while the upload
 * reads the whole image from the caller's memory.
 */
static uint64_t
compressed_bytes(const struct util_format_description *desc, GLsizei w, GLsizei h, GLsizei d)
{
   uint64_t bw = desc->block_width, bh = desc->block_height;
   uint64_t bx = ((uint64_t)(w > 0 ? w : 0) + bw - 1) / bw;
   uint64_t by = ((uint64_t)(h > 0 ? h : 0) + bh - 1) / bh;
   return bx * by * desc->block_bytes * (uint64_t)(d > 0 ? d : 0);   /* < 2^13 * 2^13 * 16 * 2^31 */
}

/* --- glTexImage ------------------------------------------------------------------------ */

static void
tex_image(struct st_context *ctx, unsigned dims, GLenum target, GLint level,
          GLint internal_format, GLsizei width, GLsizei height, GLsizei depth, GLint border,
          GLenum format, GLenum type, const void *pixels, const char *name)
{
   struct tex_target tt;
   if (!image_target(ctx, target, dims, true, &tt)) {
      st_error(ctx, GL_INVALID_ENUM, name);
      return;
   }
   if (level < 0 || (unsigned)level >= max_levels(tt.target)) {
      st_error(ctx, GL_INVALID_VALUE, name);
      return;
   }
   GLenum ifmt = (GLenum)internal_format;
   if (ctx->profile == ST_PROFILE_GLES2) {   /* ES 2.0 / 3.0 tables (st_es_formats.c) */
      GLenum es_err = st_es_teximage_error(ctx, ifmt, format, type);
      if (es_err) {
         st_error(ctx, es_err, name);
         return;
      }
   }
   GLenum base = base_format(ctx, ifmt);
   if (!base) {
      st_error(ctx, GL_INVALID_VALUE, name);
      return;
   }
   struct st_pixel_features feat;
   unpack_features(ctx, &feat);
   GLenum err = st_unpack_check(&feat, format, type);
   if (err) {
      st_error(ctx, err, name);
      return;
   }
   if (border != 0 && border != 1) {
      st_error(ctx, GL_INVALID_VALUE, name);
      return;
   }
   if (width < 0 || height < 0 || depth < 0) {
      st_error(ctx, GL_INVALID_VALUE, name);
      return;
   }
   if (tt.target == GL_TEXTURE_RECTANGLE_ARB && border != 0) {
      st_error(ctx, GL_INVALID_VALUE, name);
      return;
   }
   bool sizes_ok = size_ok(tt.target, level, width, border) &&
                   (dims < 2 || (tt.target == GL_TEXTURE_1D_ARRAY_EXT
                                    ? layers_ok(height)
                                    : size_ok(tt.target, level, height, border))) &&
                   (dims < 3 || (st_tex_is_layer3d(tt.target)
                                    ? layers_ok(depth)
                                    : size_ok(tt.target, level, depth, border)));
   if ((tt.target == GL_TEXTURE_CUBE_MAP && width != height) ||
       (tt.target == GL_TEXTURE_CUBE_MAP_ARRAY_ARB && (width != height || depth % 6 != 0))) {
      if (tt.proxy)
         sizes_ok = false;
      else {
         st_error(ctx, GL_INVALID_VALUE, name);
         return;
      }
   }
   if (!sizes_ok && !tt.proxy) {
      st_error(ctx, GL_INVALID_VALUE, name);
      return;
   }
   /* data of the right kind for the base format (GL_STENCIL_INDEX data only
    * for, and only, STENCIL_INDEX textures: GL_ARB_texture_stencil8) */
   bool depth_data = format == GL_DEPTH_COMPONENT || format == GL_DEPTH_STENCIL;
   if (depth_data != is_depth_base(base) ||
       (format == GL_STENCIL_INDEX) != (base == GL_STENCIL_INDEX)) {
      st_error(ctx, GL_INVALID_OPERATION, name);
      return;
   }
   /* EXT_texture_integer: integer textures take GL_*_INTEGER data only, and
    * GL_*_INTEGER data goes into integer textures only */
   if (!depth_data && format != GL_STENCIL_INDEX &&
       st_pixel_format_is_integer(format) != st_tex_format_is_integer(ifmt)) {
      st_error(ctx, GL_INVALID_OPERATION, name);
      return;
   }
   /* depth cube maps: GL 3.0 (3.8.1) */
   if (is_depth_base(base) &&
       (tt.target == GL_TEXTURE_3D ||
        (tt.target == GL_TEXTURE_CUBE_MAP && !st_depth_cube_maps(ctx)))) {
      st_error(ctx, GL_INVALID_OPERATION, name);
      return;
   }
   if (base == GL_STENCIL_INDEX && tt.target == GL_TEXTURE_3D) {
      st_error(ctx, GL_INVALID_OPERATION, name);
      return;
   }
   bool compressed = st_tex_format_is_compressed(ifmt);
   /* ETC2 / EAC images come as compressed data only: OpenGL ES 3.0's table
    * 3.2 has no format and type for them */
   if (st_tex_format_is_etc2(ifmt)) {
      st_error(ctx, GL_INVALID_OPERATION, name);
      return;
   }
   if (compressed && tt.target != GL_TEXTURE_2D && tt.target != GL_TEXTURE_CUBE_MAP &&
       !st_tex_is_layer3d(tt.target) &&
       !(tt.target == GL_TEXTURE_3D && st_tex_format_allows_3d(ctx, ifmt))) {
      st_error(ctx, GL_INVALID_OPERATION, name);
      return;
   }
   if (compressed && border) {
      st_error(ctx, GL_INVALID_OPERATION, name);
      return;
   }
   if (!tt.proxy && tt.obj->immutable) {   /* ARB_texture_storage */
      st_error(ctx, GL_INVALID_OPERATION, name);
      return;
   }
   enum pipe_format pf = choose_format(ctx, ifmt, tt.target);
   if (pf == PIPE_FORMAT_NONE) {
      if (tt.proxy) {
         proxy_fail(tt.obj, (unsigned)level);
         return;
      }
      st_error(ctx, GL_INVALID_VALUE, name);
      return;
   }
   if (dims < 2)
      height = 1;
   if (dims < 3)
      depth = 1;
   if (tt.proxy) {
      if (!sizes_ok) {
         proxy_fail(tt.obj, (unsigned)level);
         return;
      }
      for (unsigned f = 0; f < st_tex_num_faces(tt.target); f++) {
         struct st_texture_image *img = &tt.obj->image[f][level];
         clear_image(img);
         img->width = width;
         img->height = height;
         img->depth = depth;
         img->border = border;
         img->internal_format = ifmt;
         img->base_format = base;
         img->format = pf;
         img->compressed = compressed;
      }
      return;
   }
   /* client memory or GL_PIXEL_UNPACK_BUFFER */
   void *src = NULL;
   if (!st_pixel_buffer_ptr(ctx, false, pixels,
                            st_pixel_image_size(&ctx->pixelstore.unpack, format, type, width,
                                                height, depth, dims),
                            &src, name))
      return;
   pixels = src;
   struct st_texture_object *o = tt.obj;
   struct st_texture_image *img = &o->image[tt.face][level];
   clear_image(img);
   img->width = width;
   img->height = height;
   img->depth = depth;
   img->border = border;
   img->internal_format = ifmt;
   img->base_format = base;
   img->compressed = compressed;
   if (width - 2 * border > 0 && height - 2 * border_y(tt.target, dims, border) > 0 &&
       depth - 2 * border_z(tt.target, dims, border) > 0) {
      img->format = pf;
      if (compressed) {
         img->compressed_size =
            u_sat_int((int64_t)compressed_bytes(util_format_description(pf), width, height, depth));
      }
   } else {
      img->format = PIPE_FORMAT_NONE;   /* a zero-sized image: no texels */
   }
   if (!st_texture_image_alloc(ctx, o, tt.face, (unsigned)level)) {
      clear_image(img);
      st_error(ctx, GL_OUT_OF_MEMORY, name);
      return;
   }
   if (img->format != PIPE_FORMAT_NONE) {
      bool ok = compressed
         ? store_texels_compressed_layers(ctx, o, tt.face, (unsigned)level, 0, 0, 0, width,
                                          height, depth, format, type, pixels, dims)
         : store_texels(ctx, o, tt.face, (unsigned)level, -border,
                        -border_y(tt.target, dims, border), -border_z(tt.target, dims, border),
                        width, height, depth, format, type, pixels, dims);
      if (!ok)
         st_error(ctx, GL_OUT_OF_MEMORY, name);
   }
   st_texture_image_changed(ctx, o, tt.face, (unsigned)level);
}

void GLAPIENTRY
api_glTexImage1D(GLenum target, GLint level, GLint internalformat, GLsizei width, GLint border,
                 GLenum format, GLenum type, const void *pixels)
{
   ST_ENTRY(ctx);
   tex_image(ctx, 1, target, level, internalformat, width, 1, 1, border, format, type, pixels,
             "glTexImage1D");
}

void GLAPIENTRY
api_glTexImage2D(GLenum target, GLint level, GLint internalformat, GLsizei width,
                 GLsizei height, GLint border, GLenum format, GLenum type, const void *pixels)
{
   ST_ENTRY(ctx);
   if (ctx->profile == ST_PROFILE_GLES1 &&
       !st_es1_teximage_ok(ctx, target, internalformat, border, format, type, false,
                           "glTexImage2D"))
      return;
   tex_image(ctx, 2, target, level, internalformat, width, height, 1, border, format, type,
             pixels, "glTexImage2D");
}

void GLAPIENTRY
api_glTexImage3D(GLenum target, GLint level, GLint internalformat, GLsizei width,
                 GLsizei height, GLsizei depth, GLint border, GLenum format, GLenum type,
                 const void *pixels)
{
   ST_ENTRY(ctx);
   tex_image(ctx, 3, target, level, internalformat, width, height, depth, border, format, type,
             pixels, "glTexImage3D");
}

/* --- glTexSubImage ----------------------------------------------------------------------- */

/*
 * Is the region [offset, offset + length) of GL texels inside an image
 * dimension of 'size' texels whose border is 'border' (GL texels -border to
 * size - border - 1)?  The one bounds check of every sub-image command: in
 * 64-bit arithmetic, so offsets and lengths anywhere in the GLint range
 * (INT_MAX, INT_MIN) answer correctly instead of overflowing.
 */
static bool
region_inside(GLint offset, GLsizei length, GLint size, GLint border)
{
   return u_range_inside((int64_t)offset + border, length, size);
}

/* Common checks of the *SubImage commands; the image or NULL (error raised). */
static struct st_texture_image *
sub_image_check(struct st_context *ctx, unsigned dims, GLenum target, GLint level, GLint x,
                GLint y, GLint z, GLsizei w, GLsizei h, GLsizei d, struct tex_target *tt,
                const char *name)
{
   if (!image_target(ctx, target, dims, false, tt)) {
      st_error(ctx, GL_INVALID_ENUM, name);
      return NULL;
   }
   if (level < 0 || (unsigned)level >= max_levels(tt->target)) {
      st_error(ctx, GL_INVALID_VALUE, name);
      return NULL;
   }
   if (w < 0 || h < 0 || d < 0) {
      st_error(ctx, GL_INVALID_VALUE, name);
      return NULL;
   }
   struct st_texture_image *img = &tt->obj->image[tt->face][level];
   if (img->width == 0 && img->internal_format == 0) {
      st_error(ctx, GL_INVALID_OPERATION, name);
      return NULL;
   }
   GLint b = img->border;
   GLint hb = border_y(tt->target, dims, b), db = border_z(tt->target, dims, b);
   if (!region_inside(x, w, img->width, b) || !region_inside(y, h, img->height, hb) ||
       !region_inside(z, d, img->depth, db)) {
      st_error(ctx, GL_INVALID_VALUE, name);
      return NULL;
   }
   return img;
}

static void
tex_sub_image(struct st_context *ctx, unsigned dims, GLenum target, GLint level, GLint x,
              GLint y, GLint z, GLsizei w, GLsizei h, GLsizei d, GLenum format, GLenum type,
              const void *pixels, const char *name)
{
   struct tex_target tt;
   struct st_pixel_features feat;
   unpack_features(ctx, &feat);
   if (!image_target(ctx, target, dims, false, &tt)) {
      st_error(ctx, GL_INVALID_ENUM, name);
      return;
   }
   GLenum err = st_unpack_check(&feat, format, type);
   if (err) {
      st_error(ctx, err, name);
      return;
   }
   struct st_texture_image *img = sub_image_check(ctx, dims, target, level, x, y, z, w, h, d,
                                                  &tt, name);
   if (!img)
      return;
   if (ctx->profile == ST_PROFILE_GLES2 && !img->compressed) {   /* the image's table rows */
      GLenum es_err = st_es_texsubimage_error(ctx, img->internal_format, img->base_format,
                                              format, type);
      if (es_err) {
         st_error(ctx, es_err, name);
         return;
      }
   }
   bool depth_data = format == GL_DEPTH_COMPONENT || format == GL_DEPTH_STENCIL;
   if (depth_data != is_depth_base(img->base_format) ||
       (format == GL_STENCIL_INDEX) != (img->base_format == GL_STENCIL_INDEX)) {
      st_error(ctx, GL_INVALID_OPERATION, name);
      return;
   }
   if (!depth_data && format != GL_STENCIL_INDEX &&
       st_pixel_format_is_integer(format) != st_tex_format_is_integer(img->internal_format)) {
      st_error(ctx, GL_INVALID_OPERATION, name);   /* EXT_texture_integer */
      return;
   }
   void *src = NULL;
   if (!st_pixel_buffer_ptr(ctx, false, pixels,
                            st_pixel_image_size(&ctx->pixelstore.unpack, format, type, w,
                                                dims >= 2 ? h : 1, dims >= 3 ? d : 1, dims),
                            &src, name))
      return;
   pixels = src;
   bool ok;
   if (img->compressed) {
      /* whole blocks only (or up to the image edge); BPTC also allows a
       * region at offset (0, 0) to end inside a block (its specification) */
      const struct util_format_description *bd = util_format_description(img->format);
      GLint bw = bd->block_width, bh = bd->block_height;
      bool at_origin = bd->layout == UTIL_FORMAT_LAYOUT_BPTC && x == 0 && y == 0;
      if ((x % bw) || (y % bh) || ((w % bw) && x + w != img->width && !at_origin) ||
          ((h % bh) && y + h != img->height && !at_origin)) {
         st_error(ctx, GL_INVALID_OPERATION, name);
         return;
      }
      ok = store_texels_compressed_layers(ctx, tt.obj, tt.face, (unsigned)level, x, y,
                                          dims >= 3 ? z : 0, w, h, dims >= 3 ? d : 1, format,
                                          type, pixels, dims);
   } else {
      ok = store_texels(ctx, tt.obj, tt.face, (unsigned)level, x, dims >= 2 ? y : 0,
                        dims >= 3 ? z : 0, w, dims >= 2 ? h : 1, dims >= 3 ? d : 1, format,
                        type, pixels, dims);
   }
   if (!ok)
      st_error(ctx, GL_OUT_OF_MEMORY, name);
   st_texture_image_changed(ctx, tt.obj, tt.face, (unsigned)level);
}

void GLAPIENTRY
api_glTexSubImage1D(GLenum target, GLint level, GLint xoffset, GLsizei width, GLenum format,
                    GLenum type, const void *pixels)
{
   ST_ENTRY(ctx);
   tex_sub_image(ctx, 1, target, level, xoffset, 0, 0, width, 1, 1, format, type, pixels,
                 "glTexSubImage1D");
}

void GLAPIENTRY
api_glTexSubImage2D(GLenum target, GLint level, GLint xoffset, GLint yoffset, GLsizei width,
                    GLsizei height, GLenum format, GLenum type, const void *pixels)
{
   ST_ENTRY(ctx);
   tex_sub_image(ctx, 2, target, level, xoffset, yoffset, 0, width, height, 1, format, type,
                 pixels, "glTexSubImage2D");
}

void GLAPIENTRY
api_glTexSubImage3D(GLenum target, GLint level, GLint xoffset, GLint yoffset, GLint zoffset,
                    GLsizei width, GLsizei height, GLsizei depth, GLenum format, GLenum type,
                    const void *pixels)
{
   ST_ENTRY(ctx);
   tex_sub_image(ctx, 3, target, level, xoffset, yoffset, zoffset, width, height, depth, format,
                 type, pixels, "glTexSubImage3D");
}

/* --- glCopyTexImage / glCopyTexSubImage ---------------------------------------------------- */

/* Copy a w x h rectangle of the read buffer at window (x, y) to GL texel
 * (dx, dy) of slice dz of an image, clipping to the framebuffer. */
static bool
copy_from_fb(struct st_context *ctx, struct st_texture_object *o, unsigned face,
             unsigned level, GLint dx, GLint dy, GLint dz, GLint x, GLint y, GLsizei w,
             GLsizei h, const char *name)
{
   struct st_texture_image *img = &o->image[face][level];
   struct st_fb_info fbi;
   if (!st_fb_check_read(ctx, &fbi, name))
      return true;
   bool depth = is_depth_base(img->base_format);
   bool stencil = img->base_format == GL_STENCIL_INDEX;   /* GL_ARB_texture_stencil8 */
   struct st_fb_buffer src;
   if (!(depth ? st_fb_read_depth(ctx, &src)
         : stencil ? st_fb_read_stencil(ctx, &src) : st_fb_read_color(ctx, &src))) {
      st_error(ctx, GL_INVALID_OPERATION, name);
      return true;
   }
   /* clip the source to the read buffer, in 64-bit arithmetic: x and y are
    * any GLint (INT_MIN, INT_MAX); what is left is inside the buffer, and
    * the destination moves by no more than the rectangle's size */
   int64_t sx0 = x, sx1 = (int64_t)x + w, sy0 = y, sy1 = (int64_t)y + h;
   if (!u_clip_span(&sx0, &sx1, 0, fbi.width) || !u_clip_span(&sy0, &sy1, 0, fbi.height))
      return true;
   dx += (GLint)(sx0 - x);
   dy += (GLint)(sy0 - y);
   x = (GLint)sx0;
   y = (GLint)sy0;
   w = (GLsizei)(sx1 - sx0);
   h = (GLsizei)(sy1 - sy0);
   struct pipe_box sbox;
   st_fb_box(&src, x, y, w, h, &sbox);
   struct pipe_transfer *sx = NULL;
   const uint8_t *smap = ctx->pipe->texture_map(ctx->pipe, src.res, src.level, PIPE_MAP_READ,
                                                &sbox, &sx);
   if (!smap)
      return false;
   size_t n = (size_t)w;
   float (*rgba)[4] = malloc(sizeof *rgba * n * (size_t)h);
   float *zf = malloc(sizeof(float) * n * (size_t)h);
   uint8_t *sv = calloc(n * (size_t)h, 1);
   bool ok = rgba && zf && sv;
   bool ds = img->base_format == GL_DEPTH_STENCIL;
   /* integer buffer into integer texture (the callers refuse mixing): rgba's
    * room holds the texels' 4 words, no pixel transfer (EXT_texture_integer) */
   const struct util_format_description *sdesc = util_format_description(src.format);
   bool integer = !depth && !stencil && sdesc->is_pure_integer &&
                  util_format_description(img->format)->is_pure_integer;
   bool src_signed = integer && sdesc->channel[0].type == UTIL_FORMAT_TYPE_SINT;
   if (ok && ds) {
      /* stencil of a DEPTH_STENCIL copy: from the read framebuffer's stencil buffer */
      struct st_fb_buffer sb;
      if (st_fb_read_stencil(ctx, &sb)) {
         struct pipe_box b2;
         st_fb_box(&sb, x, y, w, h, &b2);
         struct pipe_transfer *x2 = NULL;
         const uint8_t *m2 = ctx->pipe->texture_map(ctx->pipe, sb.res, sb.level, PIPE_MAP_READ,
                                                    &b2, &x2);
         if (m2) {
            for (GLint j = 0; j < h; j++) {
               GLint srow = sb.flip_y ? h - 1 - j : j;
               util_format_unpack_s_8uint(sb.format, sv + (size_t)j * n,
                                          m2 + (size_t)srow * x2->stride, (unsigned)w);
            }
            ctx->pipe->texture_unmap(ctx->pipe, x2);
         }
      }
   }
   if (ok) {
      for (GLint j = 0; j < h; j++) {
         GLint srow = src.flip_y ? h - 1 - j : j;   /* box row of GL row y + j */
         const uint8_t *row = smap + (size_t)srow * sx->stride;
         if (stencil)
            util_format_unpack_s_8uint(src.format, sv + (size_t)j * n, row, (unsigned)w);
         else if (depth)
            util_format_unpack_z_float(src.format, zf + (size_t)j * n, row, (unsigned)w);
         else if (integer && src_signed)   /* EXT_texture_integer: the integers */
            util_format_unpack_rgba_sint(src.format, (int32_t *)&rgba[(size_t)j * n][0], row,
                                         (unsigned)w);
         else if (integer)
            util_format_unpack_rgba_uint(src.format, (uint32_t *)&rgba[(size_t)j * n][0], row,
                                         (unsigned)w);
         else
            util_format_unpack_rgba_float(src.format, &rgba[(size_t)j * n][0], row, (unsigned)w);
      }
   }
   ctx->pipe->texture_unmap(ctx->pipe, sx);
   if (ok && stencil) {
      /* index shift/offset and the stencil map, as glCopyPixels(GL_STENCIL) */
      uint32_t *idx = malloc(sizeof(uint32_t) * n);
      ok = idx != NULL;
      for (GLint j = 0; ok && j < h; j++) {
         for (size_t i = 0; i < n; i++)
            idx[i] = sv[(size_t)j * n + i];
         st_pixel_transfer_stencil(ctx, (unsigned)n, idx, sv + (size_t)j * n);
      }
      free(idx);
   }
   if (ok && !depth && !stencil && st_tex_format_is_float(img->internal_format))
      st_fb_mask_base(img->base_format, (unsigned)(n * (size_t)h), rgba);   /* as uploads */
   if (ok && integer)
      st_tex_mask_base_int(img->base_format, n * (size_t)h, (uint32_t (*)[4])rgba);
   if (ok) {
      struct pipe_resource *res;
      unsigned rl, layer;
      GLint b = img->border;
      GLint sw = img->width - 2 * b;
      GLint sh = o->target == GL_TEXTURE_1D ? 1 : img->height - 2 * b;
      bool rows_are_layers = o->target == GL_TEXTURE_1D_ARRAY_EXT;
      if (rows_are_layers)
         sh = img->height;
      GLint x0 = dx < 0 ? 0 : dx, x1 = dx + w > sw ? sw : dx + w;
      GLint y0 = dy < 0 ? 0 : dy, y1 = dy + h > sh ? sh : dy + h;
      if (x0 < x1 && y0 < y1 &&
          st_texture_image_location(ctx, o, face, level, &res, &rl, &layer)) {
         struct pipe_box box = { x0, y0, (int)layer + dz, x1 - x0, y1 - y0, 1 };
         if (rows_are_layers) {         /* PIPE_TEXTURE_1D_ARRAY: rows -> layers */
            box.y = 0;
            box.height = 1;
            box.z = (int)layer + y0;
            box.depth = y1 - y0;
         }
         struct pipe_transfer *xfer = NULL;
         /* compressed images: whole blocks, read-modify-write where the
          * (clipped) rectangle ends inside one */
         bool cmp = img->compressed && !depth && !stencil;
         uint8_t *map = cmp ? NULL
                            : ctx->pipe->texture_map(ctx->pipe, res, rl, PIPE_MAP_WRITE, &box,
                                                     &xfer);
         if (cmp) {
            size_t s0 = (size_t)(y0 - dy) * n + (size_t)(x0 - dx);
            for (GLint yy = y0; yy < y1; yy++)
               st_pixel_transfer_rgba(ctx, (unsigned)(x1 - x0), rgba + s0 + (size_t)(yy - y0) * n);
            ok = store_compressed_rect(ctx, res, rl, box.z, img->format, sw, sh, x0, y0, x1, y1,
                                       (const float (*)[4])(rgba + s0), n);
         } else if (map) {
            size_t row_stride = rows_are_layers ? xfer->layer_stride : xfer->stride;
            for (GLint yy = y0; yy < y1; yy++) {
               size_t si = (size_t)(yy - dy) * n + (size_t)(x0 - dx);
               uint8_t *dst = map + (size_t)(yy - y0) * row_stride;
               if (stencil) {
                  util_format_pack_s_8uint(img->format, dst, sv + si, (unsigned)(x1 - x0));
               } else if (depth) {
                  st_pixel_transfer_depth(ctx, (unsigned)(x1 - x0), zf + si);
                  util_format_pack_z_float(img->format, dst, zf + si, (unsigned)(x1 - x0));
                  if (ds)
                     util_format_pack_s_8uint(img->format, dst, sv + si, (unsigned)(x1 - x0));
               } else if (integer && src_signed) {
                  util_format_pack_rgba_sint(img->format, dst, (const int32_t *)&rgba[si][0],
                                             (unsigned)(x1 - x0));
               } else if (integer) {
                  util_format_pack_rgba_uint(img->format, dst, (const uint32_t *)&rgba[si][0],
                                             (unsigned)(x1 - x0));
               } else {
                  st_pixel_transfer_rgba(ctx, (unsigned)(x1 - x0), rgba + si);
                  util_format_pack_rgba_float(img->format, dst, &rgba[si][0],
                                              (unsigned)(x1 - x0));
               }
            }
            ctx->pipe->texture_unmap(ctx->pipe, xfer);
         } else {
            ok = false;
         }
      }
   }
   free(rgba);
   free(zf);
   free(sv);
   return ok;
}

/* EXT_texture_integer: copies into an integer texture need an integer
 * read colour buffer, copies into other colour textures a non-integer one.
 * True (error raised) on a mismatch. */
static bool
read_integer_mismatch(struct st_context *ctx, GLenum internal_format, const char *name)
{
   struct st_fb_buffer cb;
   GLenum base = st_tex_base_format(internal_format);
   if (is_depth_base(base) || base == GL_STENCIL_INDEX || !st_fb_read_color(ctx, &cb) ||
       cb.format == PIPE_FORMAT_NONE)
      return false;
   if (util_format_description(cb.format)->is_pure_integer ==
       st_tex_format_is_integer(internal_format))
      return false;
   st_error(ctx, GL_INVALID_OPERATION, name);
   return true;
}

static void
copy_tex_image(struct st_context *ctx, unsigned dims, GLenum target, GLint level,
               GLenum internal_format, GLint x, GLint y, GLsizei width, GLsizei height,
               GLint border, const char *name)
{
   struct tex_target tt;
   if (!image_target(ctx, target, dims, false, &tt)) {
      st_error(ctx, GL_INVALID_ENUM, name);
      return;
   }
   if (level < 0 || (unsigned)level >= max_levels(tt.target)) {
      st_error(ctx, GL_INVALID_VALUE, name);
      return;
   }
   if (ctx->profile == ST_PROFILE_GLES2) {   /* ES 2.0 / 3.0 copy formats (st_es_formats.c) */
      struct st_fb_info fbi;
      if (!st_fb_check_read(ctx, &fbi, name))
         return;
      struct st_fb_buffer cb;
      bool have = st_fb_read_color(ctx, &cb);
      GLenum es_err = st_es_copyteximage_error(ctx, internal_format,
                                               have ? cb.format : PIPE_FORMAT_NONE,
                                               have ? cb.base : 0);
      if (es_err) {
         st_error(ctx, es_err, name);
         return;
      }
   }
   GLenum base = base_format(ctx, internal_format);
   if (!base || (internal_format >= 1 && internal_format <= 4)) {
      st_error(ctx, GL_INVALID_ENUM, name);   /* as Mesa and later specs: not a VALUE error */
      return;
   }
   if (border != 0 && border != 1) {
      st_error(ctx, GL_INVALID_VALUE, name);
      return;
   }
   if (tt.target == GL_TEXTURE_RECTANGLE_ARB && border != 0) {
      st_error(ctx, GL_INVALID_VALUE, name);
      return;
   }
   if (width < 0 || height < 0 || !size_ok(tt.target, level, width, border) ||
       (dims >= 2 && (tt.target == GL_TEXTURE_1D_ARRAY_EXT
                         ? !layers_ok(height)
                         : !size_ok(tt.target, level, height, border))) ||
       (tt.target == GL_TEXTURE_CUBE_MAP && width != height)) {
      st_error(ctx, GL_INVALID_VALUE, name);
      return;
   }
   /* depth / stencil images: 1D, 2D, rectangle; cube maps for stencil and
    * (GL 3.0) depth */
   if (((is_depth_base(base) || base == GL_STENCIL_INDEX) && tt.target != GL_TEXTURE_1D &&
        tt.target != GL_TEXTURE_2D && tt.target != GL_TEXTURE_RECTANGLE_ARB &&
        !(tt.target == GL_TEXTURE_CUBE_MAP &&
          (base == GL_STENCIL_INDEX || st_depth_cube_maps(ctx))))) {
      st_error(ctx, GL_INVALID_OPERATION, name);
      return;
   }
   bool compressed = st_tex_format_is_compressed(internal_format);
   /* ETC2 / EAC: compressed data only (OpenGL ES 3.0 has no copies into them) */
   if (compressed && (border || st_tex_format_is_etc2(internal_format) ||
                      (tt.target != GL_TEXTURE_2D && tt.target != GL_TEXTURE_CUBE_MAP))) {
      st_error(ctx, GL_INVALID_OPERATION, name);
      return;
   }
   if (tt.obj->immutable) {   /* ARB_texture_storage */
      st_error(ctx, GL_INVALID_OPERATION, name);
      return;
   }
   struct st_fb_info fbi;
   if (!st_fb_check_read(ctx, &fbi, name))
      return;
   if (is_depth_base(base)) {
      struct st_fb_buffer zb;
      if (!st_fb_read_depth(ctx, &zb) ||
          (base == GL_DEPTH_STENCIL && !st_fb_read_stencil(ctx, &zb))) {
         st_error(ctx, GL_INVALID_OPERATION, name);
         return;
      }
   }
   if (base == GL_STENCIL_INDEX) {
      struct st_fb_buffer sb;
      if (!st_fb_read_stencil(ctx, &sb)) {
         st_error(ctx, GL_INVALID_OPERATION, name);
         return;
      }
   }
   if (read_integer_mismatch(ctx, internal_format, name))
      return;
   enum pipe_format pf = choose_format(ctx, internal_format, tt.target);
   if (pf == PIPE_FORMAT_NONE) {
      st_error(ctx, GL_INVALID_VALUE, name);
      return;
   }
   if (dims < 2)
      height = 1;
   struct st_texture_object *o = tt.obj;
   struct st_texture_image *img = &o->image[tt.face][level];
   clear_image(img);
   img->width = width;
   img->height = height;
   img->depth = 1;
   img->border = border;
   img->internal_format = internal_format;
   img->base_format = base;
   img->compressed = compressed;
   bool empty = width - 2 * border <= 0 || height - 2 * border_y(tt.target, dims, border) <= 0;
   img->format = empty ? PIPE_FORMAT_NONE : pf;
   if (compressed && !empty) {
      img->compressed_size =
         u_sat_int((int64_t)compressed_bytes(util_format_description(pf), width, height, 1));
   }
   if (!st_texture_image_alloc(ctx, o, tt.face, (unsigned)level)) {
      clear_image(img);
      st_error(ctx, GL_OUT_OF_MEMORY, name);
      return;
   }
   if (!empty && !copy_from_fb(ctx, o, tt.face, (unsigned)level, -border,
                               -border_y(tt.target, dims, border), 0, x, y, width, height,
                               name))
      st_error(ctx, GL_OUT_OF_MEMORY, name);
   st_texture_image_changed(ctx, o, tt.face, (unsigned)level);
}

void GLAPIENTRY
api_glCopyTexImage1D(GLenum target, GLint level, GLenum internalformat, GLint x, GLint y,
                     GLsizei width, GLint border)
{
   ST_ENTRY(ctx);
   copy_tex_image(ctx, 1, target, level, internalformat, x, y, width, 1, border,
                  "glCopyTexImage1D");
}

void GLAPIENTRY
api_glCopyTexImage2D(GLenum target, GLint level, GLenum internalformat, GLint x, GLint y,
                     GLsizei width, GLsizei height, GLint border)
{
   ST_ENTRY(ctx);
   if (ctx->profile == ST_PROFILE_GLES1 &&
       !st_es1_teximage_ok(ctx, target, (GLint)internalformat, border, GL_NONE, GL_NONE, true,
                           "glCopyTexImage2D"))
      return;
   copy_tex_image(ctx, 2, target, level, internalformat, x, y, width, height, border,
                  "glCopyTexImage2D");
}

static void
copy_tex_sub_image(struct st_context *ctx, unsigned dims, GLenum target, GLint level,
                   GLint xoff, GLint yoff, GLint zoff, GLint x, GLint y, GLsizei w, GLsizei h,
                   const char *name)
{
   struct tex_target tt;
   struct st_texture_image *img = sub_image_check(ctx, dims, target, level, xoff, yoff, zoff,
                                                  w, h, 1, &tt, name);
   if (!img)
      return;
   if (is_depth_base(img->base_format)) {
      struct st_fb_buffer zb;
      if (!st_fb_read_depth(ctx, &zb) ||
          (img->base_format == GL_DEPTH_STENCIL && !st_fb_read_stencil(ctx, &zb))) {
         st_error(ctx, GL_INVALID_OPERATION, name);
         return;
      }
   }
   if (img->base_format == GL_STENCIL_INDEX) {
      struct st_fb_buffer sb;
      if (!st_fb_read_stencil(ctx, &sb)) {
         st_error(ctx, GL_INVALID_OPERATION, name);
         return;
      }
   }
   if (read_integer_mismatch(ctx, img->internal_format, name))
      return;
   GLint cbw = img->compressed ? util_format_description(img->format)->block_width : 1;
   GLint cbh = img->compressed ? util_format_description(img->format)->block_height : 1;
   /* BPTC: a region at offset (0, 0) may end inside a block (its specification) */
   bool at_origin = img->compressed && xoff == 0 && yoff == 0 &&
                    util_format_description(img->format)->layout == UTIL_FORMAT_LAYOUT_BPTC;
   if (img->compressed && ((xoff % cbw) || (yoff % cbh) ||
                           (w % cbw && xoff + w != img->width && !at_origin) ||
                           (h % cbh && yoff + h != img->height && !at_origin))) {
      st_error(ctx, GL_INVALID_OPERATION, name);
      return;
   }
   if (img->format == PIPE_FORMAT_NONE || w == 0 || h == 0) {
      struct st_fb_info fbi;
      st_fb_check_read(ctx, &fbi, name);
      return;
   }
   if (!copy_from_fb(ctx, tt.obj, tt.face, (unsigned)level, xoff, dims >= 2 ? yoff : 0,
                     dims >= 3 ? zoff : 0, x, y, w, dims >= 2 ? h : 1, name))
      st_error(ctx, GL_OUT_OF_MEMORY, name);
   st_texture_image_changed(ctx, tt.obj, tt.face, (unsigned)level);
}

void GLAPIENTRY
api_glCopyTexSubImage1D(GLenum target, GLint level, GLint xoffset, GLint x, GLint y,
                        GLsizei width)
{
   ST_ENTRY(ctx);
   copy_tex_sub_image(ctx, 1, target, level, xoffset, 0, 0, x, y, width, 1,
                      "glCopyTexSubImage1D");
}

void GLAPIENTRY
api_glCopyTexSubImage2D(GLenum target, GLint level, GLint xoffset, GLint yoffset, GLint x,
                        GLint y, GLsizei width, GLsizei height)
{
   ST_ENTRY(ctx);
   copy_tex_sub_image(ctx, 2, target, level, xoffset, yoffset, 0, x, y, width, height,
                      "glCopyTexSubImage2D");
}

void GLAPIENTRY
api_glCopyTexSubImage3D(GLenum target, GLint level, GLint xoffset, GLint yoffset,
                        GLint zoffset, GLint x, GLint y, GLsizei width, GLsizei height)
{
   ST_ENTRY(ctx);
   copy_tex_sub_image(ctx, 3, target, level, xoffset, yoffset, zoffset, x, y, width, height,
                      "glCopyTexSubImage3D");
}

/* --- compressed images ------------------------------------------------------------------------ */

static void
compressed_tex_image(struct st_context *ctx, unsigned dims, GLenum target, GLint level,
                     GLenum internal_format, GLsizei width, GLsizei height, GLsizei depth,
                     GLint border, GLsizei image_size, const void *data, const char *name)
{
   struct tex_target tt;
   if (!image_target(ctx, target, dims, true, &tt)) {
      st_error(ctx, GL_INVALID_ENUM, name);
      return;
   }
   /* ETC2 / EAC: OpenGL ES 3.0 contexts only; RGTC / BPTC: not ES 2.0 */
   if (!st_tex_format_is_compressed(internal_format) ||
       !st_tex_format_allowed(ctx, internal_format)) {
      st_error(ctx, GL_INVALID_ENUM, name);
      return;
   }
   if (level < 0 || (unsigned)level >= max_levels(tt.target)) {
      st_error(ctx, GL_INVALID_VALUE, name);
      return;
   }
   /* BPTC and FXT1 images are 2D: 1D commands are GL_INVALID_ENUM (their
    * specifications); BPTC 3D textures are slices of 2D blocks */
   bool bptc_fxt1 = st_tex_format_is_bptc_fxt1(internal_format);
   if (dims == 1 && bptc_fxt1) {
      st_error(ctx, GL_INVALID_ENUM, name);
      return;
   }
   if (tt.target != GL_TEXTURE_2D && tt.target != GL_TEXTURE_CUBE_MAP &&
       !st_tex_is_layer3d(tt.target) &&
       !(tt.target == GL_TEXTURE_3D && st_tex_format_allows_3d(ctx, internal_format))) {
      st_error(ctx, dims == 2 ? GL_INVALID_ENUM : GL_INVALID_OPERATION, name);
      return;
   }
   bool carray = st_tex_is_layer3d(tt.target);   /* layers of blocks */
   bool c3d = tt.target == GL_TEXTURE_3D;        /* slices of blocks */
   if (!carray && !c3d)
      depth = depth < 0 ? depth : 1;
   if (border != 0) {
      /* ARB_texture_compression_bptc: GL_INVALID_OPERATION for its formats */
      bool bptc = internal_format >= GL_COMPRESSED_RGBA_BPTC_UNORM &&
                  internal_format <= GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT;
      st_error(ctx, bptc ? GL_INVALID_OPERATION : GL_INVALID_VALUE, name);
      return;
   }
   if (width < 0 || height < 0 || depth < 0 || !size_ok(tt.target, level, width, 0) ||
       !size_ok(tt.target, level, height, 0) || (carray && !layers_ok(depth)) ||
       (c3d && !size_ok(tt.target, level, depth, 0)) ||
       (tt.target == GL_TEXTURE_CUBE_MAP && width != height) ||
       (tt.target == GL_TEXTURE_CUBE_MAP_ARRAY_ARB && (width != height || depth % 6 != 0))) {
      if (tt.proxy) {
         proxy_fail(tt.obj, (unsigned)level);
         return;
      }
      st_error(ctx, GL_INVALID_VALUE, name);
      return;
   }
   if (!tt.proxy && tt.obj->immutable) {   /* ARB_texture_storage */
      st_error(ctx, GL_INVALID_OPERATION, name);
      return;
   }
   enum pipe_format pf = choose_format(ctx, internal_format, tt.target);
   if (pf == PIPE_FORMAT_NONE) {
      st_error(ctx, GL_INVALID_ENUM, name);
      return;
   }
   const struct util_format_description *desc = util_format_description(pf);
   unsigned bw = desc->block_width, bh = desc->block_height;
   uint64_t bytes = compressed_bytes(desc, width, height, depth);
   if (image_size < 0 || (uint64_t)image_size != bytes) {   /* never more than INT_MAX */
      st_error(ctx, GL_INVALID_VALUE, name);
      return;
   }
   if (!tt.proxy) {
      void *src = NULL;
      if (!st_pixel_buffer_ptr(ctx, false, data, (size_t)image_size, &src, name))
         return;
      data = src;
   }
   unsigned nf = tt.proxy ? st_tex_num_faces(tt.target) : 1;
   for (unsigned f = 0; f < nf; f++) {
      struct st_texture_image *img = &tt.obj->image[tt.proxy ? f : tt.face][level];
      clear_image(img);
      img->width = width;
      img->height = height;
      img->depth = depth;
      img->internal_format = internal_format;
      img->base_format = st_tex_base_format(internal_format);
      img->compressed = true;
      img->compressed_size = image_size;
      img->format = width && height && depth ? pf : PIPE_FORMAT_NONE;
   }
   if (tt.proxy)
      return;
   if (!st_texture_image_alloc(ctx, tt.obj, tt.face, (unsigned)level)) {
      clear_image(&tt.obj->image[tt.face][level]);
      st_error(ctx, GL_OUT_OF_MEMORY, name);
      return;
   }
   if (data && width && height && depth) {
      struct pipe_resource *res;
      unsigned rl, layer;
      if (st_texture_image_location(ctx, tt.obj, tt.face, (unsigned)level, &res, &rl, &layer)) {
         struct pipe_box box = { 0, 0, (int)layer, width, height, depth };
         unsigned stride = ((unsigned)width + bw - 1) / bw * desc->block_bytes;
         ctx->pipe->texture_subdata(ctx->pipe, res, rl, PIPE_MAP_WRITE, &box, data, stride,
                                    (uintptr_t)stride * (((unsigned)height + bh - 1) / bh));
      }
   }
   st_texture_image_changed(ctx, tt.obj, tt.face, (unsigned)level);
}

void GLAPIENTRY
api_glCompressedTexImage1D(GLenum target, GLint level, GLenum internalformat, GLsizei width,
                           GLint border, GLsizei imageSize, const void *data)
{
   ST_ENTRY(ctx);
   compressed_tex_image(ctx, 1, target, level, internalformat, width, 1, 1, border, imageSize,
                        data, "glCompressedTexImage1D");
}

void GLAPIENTRY
api_glCompressedTexImage2D(GLenum target, GLint level, GLenum internalformat, GLsizei width,
                           GLsizei height, GLint border, GLsizei imageSize, const void *data)
{
   ST_ENTRY(ctx);
   if (ctx->profile == ST_PROFILE_GLES1) {
      /* ES 1.1's compressed formats are the paletted ones (api_es.c) */
      st_es1_paletted_teximage(ctx, target, level, internalformat, width, height, border,
                               imageSize, data);
      return;
   }
   compressed_tex_image(ctx, 2, target, level, internalformat, width, height, 1, border,
                        imageSize, data, "glCompressedTexImage2D");
}

void GLAPIENTRY
api_glCompressedTexImage3D(GLenum target, GLint level, GLenum internalformat, GLsizei width,
                           GLsizei height, GLsizei depth, GLint border, GLsizei imageSize,
                           const void *data)
{
   ST_ENTRY(ctx);
   compressed_tex_image(ctx, 3, target, level, internalformat, width, height, depth, border,
                        imageSize, data, "glCompressedTexImage3D");
}

static void
compressed_tex_sub_image(struct st_context *ctx, unsigned dims, GLenum target, GLint level,
                         GLint x, GLint y, GLint z, GLsizei w, GLsizei h, GLsizei d,
                         GLenum format, GLsizei image_size, const void *data, const char *name)
{
   struct tex_target tt;
   if (!image_target(ctx, target, dims, false, &tt)) {
      st_error(ctx, GL_INVALID_ENUM, name);
      return;
   }
   if (!st_tex_format_is_compressed(format) ||
       !st_tex_format_allowed(ctx, format)) {
      st_error(ctx, GL_INVALID_ENUM, name);
      return;
   }
   if (dims == 1 && st_tex_format_is_bptc_fxt1(format)) {
      st_error(ctx, GL_INVALID_ENUM, name);   /* their specifications */
      return;
   }
   if (dims != 2 && !st_tex_is_layer3d(tt.target) &&
       !(tt.target == GL_TEXTURE_3D && st_tex_format_allows_3d(ctx, format))) {
      st_error(ctx, GL_INVALID_OPERATION, name);
      return;
   }
   if (dims != 3) {
      z = 0;
      d = 1;
   }
   struct st_texture_image *img = sub_image_check(ctx, dims, target, level, x, y, z, w, h, d,
                                                  &tt, name);
   if (!img)
      return;
   if (format != img->internal_format) {
      st_error(ctx, GL_INVALID_OPERATION, name);
      return;
   }
   const struct util_format_description *desc = util_format_description(img->format);
   GLint bw = desc->block_width, bh = desc->block_height;
   if ((x % bw) || (y % bh) || ((w % bw) && x + w != img->width) ||
       ((h % bh) && y + h != img->height)) {
      st_error(ctx, GL_INVALID_OPERATION, name);
      return;
   }
   if (image_size < 0 || (uint64_t)image_size != compressed_bytes(desc, w, h, d)) {
      st_error(ctx, GL_INVALID_VALUE, name);
      return;
   }
   void *src = NULL;
   if (!st_pixel_buffer_ptr(ctx, false, data, (size_t)image_size, &src, name))
      return;
   data = src;
   struct pipe_resource *res;
   unsigned rl, layer;
   if (data && w && h && d &&
       st_texture_image_location(ctx, tt.obj, tt.face, (unsigned)level, &res, &rl, &layer)) {
      struct pipe_box box = { x, y, (int)layer + z, w, h, d };
      unsigned stride = ((unsigned)w + (unsigned)bw - 1) / (unsigned)bw * desc->block_bytes;
      ctx->pipe->texture_subdata(ctx->pipe, res, rl, PIPE_MAP_WRITE, &box, data, stride,
                                 (uintptr_t)stride * (((unsigned)h + (unsigned)bh - 1) / (unsigned)bh));
   }
   st_texture_image_changed(ctx, tt.obj, tt.face, (unsigned)level);
}

void GLAPIENTRY
api_glCompressedTexSubImage1D(GLenum target, GLint level, GLint xoffset, GLsizei width,
                              GLenum format, GLsizei imageSize, const void *data)
{
   ST_ENTRY(ctx);
   compressed_tex_sub_image(ctx, 1, target, level, xoffset, 0, 0, width, 1, 1, format,
                            imageSize, data, "glCompressedTexSubImage1D");
}

void GLAPIENTRY
api_glCompressedTexSubImage2D(GLenum target, GLint level, GLint xoffset, GLint yoffset,
                              GLsizei width, GLsizei height, GLenum format, GLsizei imageSize,
                              const void *data)
{
   ST_ENTRY(ctx);
   compressed_tex_sub_image(ctx, 2, target, level, xoffset, yoffset, 0, width, height, 1,
                            format, imageSize, data, "glCompressedTexSubImage2D");
}

void GLAPIENTRY
api_glCompressedTexSubImage3D(GLenum target, GLint level, GLint xoffset, GLint yoffset,
                              GLint zoffset, GLsizei width, GLsizei height, GLsizei depth,
                              GLenum format, GLsizei imageSize, const void *data)
{
   ST_ENTRY(ctx);
   compressed_tex_sub_image(ctx, 3, target, level, xoffset, yoffset, zoffset, width, height,
                            depth, format, imageSize, data, "glCompressedTexSubImage3D");
}

/* Target and level of the image queries; the image or NULL (error raised). */
static struct st_texture_image *
query_image(struct st_context *ctx, GLenum target, GLint level, bool allow_proxy,
            struct tex_target *tt, const char *name)
{
   unsigned dims = target == GL_TEXTURE_1D || target == GL_PROXY_TEXTURE_1D ? 1 :
                   target == GL_TEXTURE_3D || target == GL_PROXY_TEXTURE_3D ||
                   target == GL_TEXTURE_2D_ARRAY_EXT || target == GL_PROXY_TEXTURE_2D_ARRAY_EXT ||
                   target == GL_TEXTURE_CUBE_MAP_ARRAY_ARB ||
                   target == GL_PROXY_TEXTURE_CUBE_MAP_ARRAY_ARB ? 3 : 2;
   if (!image_target(ctx, target, dims, allow_proxy, tt)) {
      st_error(ctx, GL_INVALID_ENUM, name);
      return NULL;
   }
   if (level < 0 || (unsigned)level >= max_levels(tt->target)) {
      st_error(ctx, GL_INVALID_VALUE, name);
      return NULL;
   }
   return &tt->obj->image[tt->face][level];
}

void GLAPIENTRY
api_glGetCompressedTexImage(GLenum target, GLint level, void *img_out)
{
   ST_ENTRY(ctx);
   struct tex_target tt;
   struct st_texture_image *img = query_image(ctx, target, level, false, &tt,
                                              "glGetCompressedTexImage");
   if (!img)
      return;
   if (!img->compressed || img->format == PIPE_FORMAT_NONE) {
      st_error(ctx, GL_INVALID_OPERATION, "glGetCompressedTexImage");
      return;
   }
   void *dst = NULL;
   if (!st_pixel_buffer_ptr(ctx, true, img_out, (size_t)img->compressed_size, &dst,
                            "glGetCompressedTexImage"))
      return;
   img_out = dst;
   struct pipe_resource *res;
   unsigned rl, layer;
   if (!img_out ||
       !st_texture_image_location(ctx, tt.obj, tt.face, (unsigned)level, &res, &rl, &layer))
      return;
   GLint layers = st_tex_is_layer3d(tt.target) || tt.target == GL_TEXTURE_3D ? img->depth : 1;
   struct pipe_box box = { 0, 0, (int)layer, img->width, img->height, layers };
   struct pipe_transfer *xfer = NULL;
   const uint8_t *map = ctx->pipe->texture_map(ctx->pipe, res, rl, PIPE_MAP_READ, &box, &xfer);
   if (!map)
      return;
   const struct util_format_description *desc = util_format_description(img->format);
   unsigned row = ((unsigned)img->width + desc->block_width - 1) / desc->block_width *
                  desc->block_bytes;
   unsigned rows = ((unsigned)img->height + desc->block_height - 1) / desc->block_height;
   for (GLint z = 0; z < layers; z++)
      for (unsigned r = 0; r < rows; r++)
         memcpy((uint8_t *)img_out + ((size_t)z * rows + r) * row,
                map + (size_t)z * xfer->layer_stride + (size_t)r * xfer->stride, row);
   ctx->pipe->texture_unmap(ctx->pipe, xfer);
}

/* --- glGetTexImage ---------------------------------------------------------------------------- */

static void
pack_features(const struct st_context *ctx, struct st_pack_features *f)
{
   memset(f, 0, sizeof *f);
   f->bgra = ctx->caps.ext_bgra || ctx->version >= 12;
   f->packed_pixels = ctx->caps.ext_packed_pixels || ctx->version >= 12;
   f->depth_stencil = true;
   f->rgba_mode = true;
   /* client formats/types of the format extensions, accepted once offered */
   f->rg = ctx->caps.ext_texture_rg;
   f->integer = ctx->caps.ext_texture_integer;   /* GL_*_INTEGER client formats */
   f->packed_float = ctx->caps.ext_packed_float;
   f->half_float = ctx->caps.ext_half_float_pixel;
   f->shared_exponent = ctx->caps.ext_texture_shared_exponent;
   f->depth_float = ctx->caps.ext_depth_buffer_float;   /* FLOAT_32_UNSIGNED_INT_24_8_REV */
}

/*
 * GL_ARB_texture_float: glGetTexImage of a float texture into GL_FLOAT data
 * returns the texels unclamped.  Formats made of R, G, B, A only; false
 * (the caller packs clamped) for others.
 */
static bool
pack_float_unclamped(GLenum format, GLenum type, const float (*rgba)[4], unsigned n, void *dst,
                     bool swap_bytes)
{
   uint8_t comp[4];
   bool half = type == GL_HALF_FLOAT;   /* GL_ARB_half_float_pixel */
   unsigned nc = type == GL_FLOAT || half ? st_pixel_format_layout(format, comp) : 0;
   if (!nc || st_pixel_format_is_integer(format))
      return false;
   for (unsigned k = 0; k < nc; k++)
      if (comp[k] > ST_PIX_A)
         return false;
   GLfloat *out = dst;
   uint16_t *hout = dst;
   for (unsigned i = 0; i < n; i++)
      for (unsigned k = 0; k < nc; k++) {
         if (half)
            hout[i * nc + k] = util_float_to_half(rgba[i][comp[k]]);
         else
            out[i * nc + k] = rgba[i][comp[k]];
      }
   if (swap_bytes)
      st_pixel_swap_elements(dst, n * nc, half ? 2 : 4);
   return true;
}

void GLAPIENTRY
api_glGetTexImage(GLenum target, GLint level, GLenum format, GLenum type, void *pixels)
{
   ST_ENTRY(ctx);
   const char *name = "glGetTexImage";
   struct tex_target tt;
   struct st_texture_image *img = query_image(ctx, target, level, false, &tt, name);
   if (!img)
      return;
   struct st_pack_features pf;
   pack_features(ctx, &pf);
   GLenum err = st_pack_check(&pf, format, type);
   /* GL_STENCIL_INDEX with GL_ARB_texture_stencil8; bitmaps never (the
    * only bitmap formats are index formats) */
   if (!err && (format == GL_COLOR_INDEX || type == GL_BITMAP ||
                (format == GL_STENCIL_INDEX && !ctx->caps.ext_texture_stencil8)))
      err = GL_INVALID_ENUM;
   if (err) {
      st_error(ctx, err, name);
      return;
   }
   bool depth_req = format == GL_DEPTH_COMPONENT || format == GL_DEPTH_STENCIL;
   bool stencil_req = format == GL_STENCIL_INDEX;
   bool kind_ok = stencil_req ? img->base_format == GL_STENCIL_INDEX ||
                                   img->base_format == GL_DEPTH_STENCIL
                  : depth_req ? is_depth_base(img->base_format)
                  : !is_depth_base(img->base_format) && img->base_format != GL_STENCIL_INDEX;
   if (img->format != PIPE_FORMAT_NONE && !kind_ok) {
      st_error(ctx, GL_INVALID_OPERATION, name);
      return;
   }
   if (format == GL_DEPTH_STENCIL && img->base_format != GL_DEPTH_STENCIL) {
      st_error(ctx, GL_INVALID_OPERATION, name);
      return;
   }
   /* EXT_texture_integer: integer formats only from integer textures, the
    * other colour formats only from the others */
   if (img->format != PIPE_FORMAT_NONE && !depth_req && !stencil_req &&
       st_pixel_integer_match(format, util_format_description(img->format)->is_pure_integer)) {
      st_error(ctx, GL_INVALID_OPERATION, name);
      return;
   }
   if (img->format != PIPE_FORMAT_NONE) {
      GLint bb = img->border;
      GLint qw = img->width - 2 * bb;
      GLint qh = tt.target == GL_TEXTURE_1D ? 1 : img->height - 2 * bb;
      GLint qd = tt.target == GL_TEXTURE_3D ? img->depth - 2 * bb : 1;
      if (tt.target == GL_TEXTURE_1D_ARRAY_EXT)
         qh = img->height;
      else if (st_tex_is_layer3d(tt.target))
         qd = img->depth;
      bool q3 = tt.target == GL_TEXTURE_3D || st_tex_is_layer3d(tt.target);
      void *dst = NULL;
      if (!st_pixel_buffer_ptr(ctx, true, pixels,
                               st_pixel_image_size(&ctx->pixelstore.pack, format, type, qw, qh,
                                                   qd, q3 ? 3 : 2),
                               &dst, name))
         return;
      pixels = dst;
   }
   struct pipe_resource *res;
   unsigned rl, layer;
   if (!pixels || img->format == PIPE_FORMAT_NONE ||
       !st_texture_image_location(ctx, tt.obj, tt.face, (unsigned)level, &res, &rl, &layer))
      return;
   GLint b = img->border;
   GLint w = img->width - 2 * b;
   GLint h = tt.target == GL_TEXTURE_1D ? 1 : img->height - 2 * b;
   GLint d = tt.target == GL_TEXTURE_3D ? img->depth - 2 * b : 1;
   bool is3 = tt.target == GL_TEXTURE_3D || st_tex_is_layer3d(tt.target);
   bool rows_are_layers = tt.target == GL_TEXTURE_1D_ARRAY_EXT;
   if (rows_are_layers)
      h = img->height;
   else if (st_tex_is_layer3d(tt.target))
      d = img->depth;
   /* the stored image lacks the border: returned without it (documented) */
   struct pipe_box box = { 0, 0, (int)layer, w, h, d };
   if (rows_are_layers) {               /* PIPE_TEXTURE_1D_ARRAY: rows are layers */
      box.height = 1;
      box.depth = h;
   }
   struct pipe_transfer *xfer = NULL;
   const uint8_t *map = ctx->pipe->texture_map(ctx->pipe, res, rl, PIPE_MAP_READ, &box, &xfer);
   if (!map) {
      st_error(ctx, GL_OUT_OF_MEMORY, name);
      return;
   }
   size_t src_row_stride = rows_are_layers ? xfer->layer_stride : xfer->stride;
   const struct st_pixelstore *ps = &ctx->pixelstore.pack;
   size_t n = (size_t)w;
   float (*rgba)[4] = malloc(sizeof *rgba * n * (size_t)h);
   float *zf = malloc(sizeof(float) * n);
   uint8_t *sv = malloc(n);
   /* EXT_texture_sRGB: glGetTexImage returns the stored (encoded) values,
    * so sRGB formats are read through their linear twin */
   enum pipe_format rf = st_framebuffer_view_format(img->format);   /* views: theirs */
   const struct util_format_description *desc = util_format_description(rf);
   /* float and signed normalized texels read back as GL_FLOAT unclamped */
   bool float_tex = st_tex_format_is_float(img->internal_format) ||
                    desc->channel[0].type == UTIL_FORMAT_TYPE_SNORM ||
                    desc->channel[0].type == UTIL_FORMAT_TYPE_FLOAT;   /* BPTC float */
   size_t rstride = st_pack_row_stride(ps, format, type, w);
   size_t istride = rstride * (size_t)(ps->image_height > 0 ? ps->image_height : h);
   if (rgba && zf && sv) {
      for (GLint z = 0; z < d; z++) {
         const uint8_t *slice = map + (size_t)z * xfer->layer_stride;
         if (util_format_is_compressed(rf))
            util_format_unpack_rect_rgba_float(rf, &rgba[0][0], (unsigned)(16 * n),
                                               slice, xfer->stride, (unsigned)w, (unsigned)h);
         for (GLint y = 0; y < h; y++) {
            uint8_t *dst = (uint8_t *)pixels + (size_t)ps->skip_images * istride * is3 +
                           (size_t)z * istride + st_pack_offset(ps, format, type, w, 0, y);
            const uint8_t *src = slice + (size_t)y * src_row_stride;
            if (stencil_req) {
               util_format_unpack_s_8uint(res->format, sv, src, (unsigned)w);
               st_pack_stencil(type, sv, (unsigned)w, dst, ps->swap_bytes, ps->lsb_first, 0);
               continue;
            }
            if (desc->is_depth) {
               util_format_unpack_z_float(img->format, zf, src, (unsigned)w);
               if (format == GL_DEPTH_STENCIL) {
                  util_format_unpack_s_8uint(img->format, sv, src, (unsigned)w);
                  if (type == GL_FLOAT_32_UNSIGNED_INT_24_8_REV)
                     st_pack_depth_stencil_32f(zf, sv, (unsigned)w, dst, ps->swap_bytes);
                  else
                     st_pack_depth_stencil(zf, sv, (unsigned)w, dst, ps->swap_bytes);
               } else {
                  st_pack_depth(type, zf, (unsigned)w, dst, ps->swap_bytes);
               }
               continue;
            }
            if (desc->is_pure_integer) {
               /* EXT_texture_integer: the texels' integers, not normalized
                * (rgba's room holds 4 words a texel) */
               uint32_t (*iv)[4] = (uint32_t (*)[4])(rgba + (size_t)y * n);
               bool sgn = desc->channel[0].type == UTIL_FORMAT_TYPE_SINT;
               if (sgn)
                  util_format_unpack_rgba_sint(img->format, (int32_t *)&iv[0][0], src, (unsigned)w);
               else
                  util_format_unpack_rgba_uint(img->format, &iv[0][0], src, (unsigned)w);
               st_tex_mask_base_read_int(img->base_format, (unsigned)w, iv);
               st_pack_rgba_int(format, type, (const uint32_t (*)[4])iv, (unsigned)w, sgn, dst,
                                ps->swap_bytes);
               continue;
            }
            float (*row)[4] = rgba + (size_t)y * n;
            if (!util_format_is_compressed(rf))
               util_format_unpack_rgba_float(rf, &row[0][0], src, (unsigned)w);
            /* GL 2.1 6.1.4, table 6.1: components the base format lacks read
             * as 0 (alpha 1); luminance and intensity are returned in R only
             * (intensity's alpha is 1, not I) */
            for (GLint i = 0; i < w; i++) {
               switch (img->base_format) {
               case GL_ALPHA: row[i][0] = row[i][1] = row[i][2] = 0; break;
               case GL_LUMINANCE: case GL_INTENSITY: case GL_LUMINANCE_ALPHA:
                  row[i][1] = row[i][2] = 0;
                  if (img->base_format != GL_LUMINANCE_ALPHA)
                     row[i][3] = 1;
                  break;
               case GL_RGB: row[i][3] = 1; break;
               case GL_RED: row[i][1] = row[i][2] = 0; row[i][3] = 1; break;
               case GL_RG: row[i][2] = 0; row[i][3] = 1; break;
               default: break;
               }
               /* returned luminance is the R component, not glReadPixels'
                * R + G + B sum (GL 2.1 6.1.4) */
               if (format == GL_LUMINANCE || format == GL_LUMINANCE_ALPHA)
                  row[i][1] = row[i][2] = 0;
            }
            bool snorm_tex = desc->channel[0].type == UTIL_FORMAT_TYPE_SNORM;
            if (snorm_tex && pack_snorm_exact(format, type, (const float (*)[4])row,
                                              (unsigned)w, dst, ps->swap_bytes))
               continue;
            if (!float_tex || !pack_float_unclamped(format, type, (const float (*)[4])row,
                                                    (unsigned)w, dst, ps->swap_bytes))
               st_pack_rgba(format, type, (const float (*)[4])row, (unsigned)w, dst,
                            ps->swap_bytes);
         }
      }
   } else {
      st_error(ctx, GL_OUT_OF_MEMORY, name);
   }
   ctx->pipe->texture_unmap(ctx->pipe, xfer);
   free(rgba);
   free(zf);
   free(sv);
}

/* --- level parameters ------------------------------------------------------------------------- */

/* GL_TEXTURE_INTERNAL_FORMAT of a generic compressed request: the specific
 * compressed format chosen, or, when none is (Pony stores generic requests
 * uncompressed), "the corresponding base internal format" (GL 2.1 3.8.1,
 * ARB_texture_compression; the sRGB ones map to RGB / RGBA / LUMINANCE /
 * LUMINANCE_ALPHA). */
static GLenum
specific_internal_format(GLenum f)
{
   switch (f) {
   case GL_COMPRESSED_ALPHA: case GL_COMPRESSED_LUMINANCE: case GL_COMPRESSED_LUMINANCE_ALPHA:
   case GL_COMPRESSED_INTENSITY: case GL_COMPRESSED_RED: case GL_COMPRESSED_RG:
   case GL_COMPRESSED_RGB: case GL_COMPRESSED_RGBA: case GL_COMPRESSED_SRGB:
   case GL_COMPRESSED_SRGB_ALPHA: case GL_COMPRESSED_SLUMINANCE:
   case GL_COMPRESSED_SLUMINANCE_ALPHA:
      return st_tex_base_format(f);
   default:
      return f;
   }
}

/* GL_TEXTURE_*_TYPE_ARB of a stored format's colour (or depth) components */
static GLenum
component_type(const struct util_format_description *desc)
{
   unsigned c = desc->swizzle[0] < 4 ? desc->swizzle[0] : 0;
   switch (desc->channel[c].type) {
   case UTIL_FORMAT_TYPE_FLOAT: return GL_FLOAT;
   case UTIL_FORMAT_TYPE_SNORM: return GL_SIGNED_NORMALIZED;
   case UTIL_FORMAT_TYPE_UINT: return GL_UNSIGNED_INT;
   case UTIL_FORMAT_TYPE_SINT: return GL_INT;
   default:
      if (desc->format == PIPE_FORMAT_RGTC1_SNORM || desc->format == PIPE_FORMAT_RGTC2_SNORM ||
          desc->format == PIPE_FORMAT_LATC1_SNORM || desc->format == PIPE_FORMAT_LATC2_SNORM)
         return GL_SIGNED_NORMALIZED;
      return GL_UNSIGNED_NORMALIZED;
   }
}

/* Texture parameters and level queries the core profile removed (GL 3.2
 * core E.2.2: depth texture mode, automatic mipmap generation, priorities
 * and residency, texture borders, luminance and intensity sizes): in a
 * core context they are unknown names, GL_INVALID_ENUM. */
static bool
removed_in_core(const struct st_context *ctx, GLenum pname)
{
   if (ctx->profile != ST_PROFILE_CORE)
      return false;
   switch (pname) {
   case GL_DEPTH_TEXTURE_MODE:
   case GL_GENERATE_MIPMAP:
   case GL_TEXTURE_PRIORITY:
   case GL_TEXTURE_RESIDENT:
   case GL_TEXTURE_BORDER:
   case GL_TEXTURE_LUMINANCE_SIZE:
   case GL_TEXTURE_INTENSITY_SIZE:
      return true;
   default:
      return false;
   }
}

static bool
level_param(struct st_context *ctx, GLenum target, GLint level, GLenum pname, GLint *out,
            const char *name)
{
   struct tex_target tt;
   struct st_texture_image *img = NULL;
   memset(&tt, 0, sizeof tt);
   if (removed_in_core(ctx, pname)) {
      st_error(ctx, GL_INVALID_ENUM, name);
      return false;
   }
   /* buffer textures (api_texbuffer.c): level 0 only, the image the
    * attached buffer makes */
   struct st_texture_image buf_img;
   const struct st_texture_object *buf_obj = NULL;
   if (target == GL_TEXTURE_BUFFER && st_texbuffer_enabled(ctx)) {
      if (level != 0) {
         st_error(ctx, GL_INVALID_VALUE, name);
         return false;
      }
      buf_obj = ctx->texture.unit[ctx->texture.active_unit].bound[ST_TEX_BUFFER];
      st_texbuffer_image(ctx, buf_obj, &buf_img);
      img = &buf_img;
   } else {
      /* GL_TEXTURE_2D_MULTISAMPLE[_ARRAY] and proxies (api_texms.c) */
      int ms = st_texms_query_image(ctx, target, level, name, &img, &tt.proxy);
      if (ms < 0)
         return false;
      if (ms == 0)
         img = query_image(ctx, target, level, true, &tt, name);
   }
   if (!img)
      return false;
   bool has = img->width > 0 || img->internal_format != 0;
   enum pipe_format f = has ? img->format : PIPE_FORMAT_NONE;
   const struct util_format_description *desc = util_format_description(f);
   /* component bits of the stored format, for the components the base format has */
   GLint bits[6] = { 0, 0, 0, 0, 0, 0 };   /* r g b a l i ; depth below */
   GLint depth_bits = 0;
   if (f != PIPE_FORMAT_NONE) {
      if (desc->is_depth) {
         depth_bits = desc->channel[desc->swizzle[0] < 4 ? desc->swizzle[0] : 0].size;
      } else if (desc->layout == UTIL_FORMAT_LAYOUT_PLAIN ||
                 desc->layout == UTIL_FORMAT_LAYOUT_OTHER) {
         GLint c[4];
         for (unsigned i = 0; i < 4; i++)
            c[i] = desc->swizzle[i] < 4 ? desc->channel[desc->swizzle[i]].size : 0;
         switch (img->base_format) {
         case GL_ALPHA: bits[3] = c[3]; break;
         case GL_LUMINANCE: bits[4] = c[0]; break;
         case GL_LUMINANCE_ALPHA: bits[4] = c[0]; bits[3] = c[3]; break;
         case GL_INTENSITY: bits[5] = c[0]; break;
         case GL_RGB: bits[0] = c[0]; bits[1] = c[1]; bits[2] = c[2]; break;
         default: bits[0] = c[0]; bits[1] = c[1]; bits[2] = c[2]; bits[3] = c[3]; break;
         }
      } else {
         /* compressed: nominal sizes (the table's channel size: 8, or 16
          * for BPTC's half floats).  S3TC's colours are a four-entry
          * palette between 5:6:5 endpoints and DXT3's alpha has 4 bits:
          * 4 bits is the resolution it keeps (what Mesa reports, and what
          * piglit's tolerances for these formats are derived from). */
         GLint nb = desc->channel[0].size ? desc->channel[0].size : 8;
         if (desc->layout == UTIL_FORMAT_LAYOUT_S3TC)
            nb = 4;
         switch (img->base_format) {
         case GL_RED: bits[0] = nb; break;
         case GL_RG: bits[0] = bits[1] = nb; break;
         case GL_RGB: bits[0] = bits[1] = bits[2] = nb; break;
         case GL_LUMINANCE: bits[4] = nb; break;   /* LATC1 */
         case GL_LUMINANCE_ALPHA: bits[4] = bits[3] = nb; break;   /* LATC2, 3DC */
         default: bits[0] = bits[1] = bits[2] = bits[3] = nb; break;
         }
      }
   }
   switch (pname) {
   case GL_TEXTURE_WIDTH: *out = img->width; break;
   case GL_TEXTURE_HEIGHT: *out = img->height; break;
   case GL_TEXTURE_DEPTH: *out = img->depth; break;
   case GL_TEXTURE_BORDER: *out = img->border; break;
   case GL_TEXTURE_INTERNAL_FORMAT:
      *out = has ? (GLint)specific_internal_format(img->internal_format) : 1;
      break;
   case GL_TEXTURE_RED_SIZE: *out = bits[0]; break;
   case GL_TEXTURE_GREEN_SIZE: *out = bits[1]; break;
   case GL_TEXTURE_BLUE_SIZE: *out = bits[2]; break;
   case GL_TEXTURE_ALPHA_SIZE: *out = bits[3]; break;
   case GL_TEXTURE_LUMINANCE_SIZE: *out = bits[4]; break;
   case GL_TEXTURE_INTENSITY_SIZE: *out = bits[5]; break;
   case GL_TEXTURE_DEPTH_SIZE: *out = depth_bits; break;
   case GL_TEXTURE_STENCIL_SIZE:
      *out = (img->base_format == GL_DEPTH_STENCIL || img->base_format == GL_STENCIL_INDEX) &&
             has ? 8 : 0;
      break;
   case GL_TEXTURE_COMPRESSED: *out = has && img->compressed; break;
   case GL_TEXTURE_SAMPLES:                  /* GL_ARB_texture_multisample: any image */
   case GL_TEXTURE_FIXED_SAMPLE_LOCATIONS:
      if (!ctx->caps.tex_multisample) {
         st_error(ctx, GL_INVALID_ENUM, name);
         return false;
      }
      *out = pname == GL_TEXTURE_SAMPLES ? img->samples
                                         : img->samples == 0 || img->fixed_sample_locations;
      break;
   case GL_TEXTURE_SHARED_SIZE_EXT:   /* GL_EXT_texture_shared_exponent */
      if (!ctx->caps.ext_texture_shared_exponent) {
         st_error(ctx, GL_INVALID_ENUM, name);
         return false;
      }
      *out = f == PIPE_FORMAT_R9G9B9E5_FLOAT ? 5 : 0;
      break;
   case GL_TEXTURE_RED_TYPE_ARB: case GL_TEXTURE_GREEN_TYPE_ARB: case GL_TEXTURE_BLUE_TYPE_ARB:
   case GL_TEXTURE_ALPHA_TYPE_ARB: case GL_TEXTURE_LUMINANCE_TYPE_ARB:
   case GL_TEXTURE_INTENSITY_TYPE_ARB: case GL_TEXTURE_DEPTH_TYPE_ARB: {
      /* GL_ARB_texture_float: the type of a component the base format has */
      if (!ctx->caps.ext_texture_float) {
         st_error(ctx, GL_INVALID_ENUM, name);
         return false;
      }
      GLint sz = pname == GL_TEXTURE_DEPTH_TYPE_ARB ? depth_bits
                 : bits[pname - GL_TEXTURE_RED_TYPE_ARB];
      *out = sz > 0 ? (GLint)component_type(desc) : GL_NONE;
      break;
   }
   case GL_TEXTURE_BUFFER_DATA_STORE_BINDING:   /* GL 4.3; ARB_texture_buffer_range */
   case GL_TEXTURE_BUFFER_OFFSET:
   case GL_TEXTURE_BUFFER_SIZE:
      if (!st_texbuffer_enabled(ctx)) {
         st_error(ctx, GL_INVALID_ENUM, name);
         return false;
      }
      *out = 0;   /* other targets: no buffer */
      if (buf_obj && buf_obj->buffer) {
         if (pname == GL_TEXTURE_BUFFER_DATA_STORE_BINDING)
            *out = (GLint)buf_obj->buffer->name;
         else if (pname == GL_TEXTURE_BUFFER_OFFSET)
            *out = (GLint)buf_obj->buffer_offset;
         else   /* glTexBuffer: the whole store, whatever its size now */
            *out = (GLint)(buf_obj->buffer_range ? buf_obj->buffer_size : buf_obj->buffer->size);
      }
      break;
   case GL_TEXTURE_COMPRESSED_IMAGE_SIZE:
      if (!has || !img->compressed || tt.proxy) {
         st_error(ctx, GL_INVALID_OPERATION, name);
         return false;
      }
      *out = img->compressed_size;
      break;
   default:
      st_error(ctx, GL_INVALID_ENUM, name);
      return false;
   }
   return true;
}

void GLAPIENTRY
api_glGetTexLevelParameteriv(GLenum target, GLint level, GLenum pname, GLint *params)
{
   ST_ENTRY(ctx);
   GLint v;
   if (level_param(ctx, target, level, pname, &v, "glGetTexLevelParameteriv") && params)
      *params = v;
}

void GLAPIENTRY
api_glGetTexLevelParameterfv(GLenum target, GLint level, GLenum pname, GLfloat *params)
{
   ST_ENTRY(ctx);
   GLint v;
   if (level_param(ctx, target, level, pname, &v, "glGetTexLevelParameterfv") && params)
      *params = (GLfloat)v;
}

/* --- glTexParameter --------------------------------------------------------------------------- */

static struct st_texture_object *
param_target(struct st_context *ctx, GLenum target, const char *name)
{
   int idx = st_tex_target_index(target);
   if (idx < 0 || (idx == ST_TEX_RECT && !st_tex_have_rect(ctx)) ||
       ((idx == ST_TEX_1D_ARRAY || idx == ST_TEX_2D_ARRAY) && !ctx->caps.tex_array) ||
       (idx == ST_TEX_CUBE_ARRAY && !ctx->caps.tex_cube_array) ||
       ((idx == ST_TEX_2D_MS || idx == ST_TEX_2D_MS_ARRAY) &&
        !ctx->caps.tex_storage_multisample) || idx == ST_TEX_BUFFER) {
      /* GL 3.2 3.8.7 / 6.1.3: no parameters on multisample targets (until
       * ARB_texture_storage_multisample: st_texms_param_ok); buffer
       * textures have none (GL 3.1 3.8.4: not a TexParameter target) */
      st_error(ctx, GL_INVALID_ENUM, name);
      return NULL;
   }
   return ctx->texture.unit[ctx->texture.active_unit].bound[idx];
}


/* ARB_texture_swizzle's parameters exist in desktop contexts that offer it
 * and in ES 3.0 */
static bool
swizzle_ok(const struct st_context *ctx)
{
   return ctx->caps.ext_texture_swizzle && (st_desktop(ctx) || st_es3(ctx));
}

static void
tex_parameter(struct st_context *ctx, GLenum target, GLenum pname, const GLfloat *fv,
              const GLint *iv, const char *name)
{
   struct st_texture_object *o = param_target(ctx, target, name);
   if (!o)
      return;
   if (removed_in_core(ctx, pname)) {
      st_error(ctx, GL_INVALID_ENUM, name);
      return;
   }
   if (st_tex_is_multisample(target) &&
       !st_texms_param_ok(ctx, pname, fv ? st_float_to_int_trunc(fv[0]) : iv[0], name))
      return;
   struct st_sampler_params *s = &o->sampler;
   GLfloat f = fv ? fv[0] : (GLfloat)iv[0];
   GLenum e = fv ? (GLenum)st_get_float_to_int(fv[0]) : (GLenum)iv[0];
   switch (pname) {
   case GL_TEXTURE_WRAP_S:
   case GL_TEXTURE_WRAP_T:
   case GL_TEXTURE_WRAP_R:
      if (!st_tex_wrap_ok(e, o->target == GL_TEXTURE_RECTANGLE_ARB)) {
         st_error(ctx, GL_INVALID_ENUM, name);
         return;
      }
      if (pname == GL_TEXTURE_WRAP_S) s->wrap_s = e;
      else if (pname == GL_TEXTURE_WRAP_T) s->wrap_t = e;
      else s->wrap_r = e;
      break;
   case GL_TEXTURE_MIN_FILTER:
      if (!st_tex_min_filter_ok(e, o->target == GL_TEXTURE_RECTANGLE_ARB)) {
         st_error(ctx, GL_INVALID_ENUM, name);
         return;
      }
      s->min_filter = e;
      break;
   case GL_TEXTURE_MAG_FILTER:
      if (!st_tex_mag_filter_ok(e)) {
         st_error(ctx, GL_INVALID_ENUM, name);
         return;
      }
      s->mag_filter = e;
      break;
   case GL_TEXTURE_BORDER_COLOR:
      for (unsigned i = 0; i < 4; i++) {
         GLfloat c = fv ? fv[i] : st_snorm_to_float(iv[i], 32);
         /* ARB_texture_float keeps it as given (the sampler state clamps
          * it, st_texture.c); ARB_color_buffer_float clamps queries */
         s->border_color[i] = ctx->caps.arb_color_buffer_float ? c : c < 0 ? 0 : c > 1 ? 1 : c;
      }
      s->border_type = GL_FLOAT;
      break;
   case GL_TEXTURE_PRIORITY:
      s->priority = f < 0 ? 0 : f > 1 ? 1 : f;
      break;
   case GL_TEXTURE_MIN_LOD: s->min_lod = f; break;
   case GL_TEXTURE_MAX_LOD: s->max_lod = f; break;
   case GL_TEXTURE_LOD_BIAS: s->lod_bias = f; break;
   case GL_TEXTURE_BASE_LEVEL:
   case GL_TEXTURE_MAX_LEVEL: {
      GLint v = fv ? st_float_to_int_trunc(fv[0]) : iv[0];
      if (v < 0) {
         st_error(ctx, GL_INVALID_VALUE, name);
         return;
      }
      /* GL 4.5 / Mesa: INVALID_OPERATION (GL 3.3 said INVALID_VALUE) */
      if (o->target == GL_TEXTURE_RECTANGLE_ARB && v != 0 && pname == GL_TEXTURE_BASE_LEVEL) {
         st_error(ctx, GL_INVALID_OPERATION, name);
         return;
      }
      if (pname == GL_TEXTURE_BASE_LEVEL)
         s->base_level = v;
      else
         s->max_level = v;
      /* ARB_texture_storage: immutable textures keep the clamped values
       * (what glGetTexParameter reports, as Mesa and piglit's
       * arb_texture_storage-texture-storage expect) */
      if (o->immutable && pname == GL_TEXTURE_BASE_LEVEL)
         s->base_level = st_texture_base_level(o);
      else if (o->immutable)
         s->max_level = st_texture_max_level(o);
      o->serial++;
      break;
   }
   case GL_GENERATE_MIPMAP:
      s->generate_mipmap = f != 0;
      break;
   case GL_TEXTURE_CUBE_MAP_SEAMLESS:   /* GL_AMD_seamless_cubemap_per_texture */
      if (!ctx->caps.ext_seamless_cube_map || (e != GL_TRUE && e != GL_FALSE)) {
         st_error(ctx, GL_INVALID_ENUM, name);
         return;
      }
      s->cube_map_seamless = e == GL_TRUE;
      break;
   case GL_TEXTURE_COMPARE_MODE:
      if (!st_tex_compare_mode_ok(e)) {
         st_error(ctx, GL_INVALID_ENUM, name);
         return;
      }
      s->compare_mode = e;
      break;
   case GL_TEXTURE_COMPARE_FUNC:
      if (!st_tex_compare_func_ok(e)) {
         st_error(ctx, GL_INVALID_ENUM, name);
         return;
      }
      s->compare_func = e;
      break;
   case GL_DEPTH_TEXTURE_MODE:
      if (e != GL_LUMINANCE && e != GL_INTENSITY && e != GL_ALPHA &&
          !(e == GL_RED && ctx->caps.ext_texture_rg)) {
         st_error(ctx, GL_INVALID_ENUM, name);
         return;
      }
      s->depth_mode = e;
      break;
   case GL_TEXTURE_SWIZZLE_R: case GL_TEXTURE_SWIZZLE_G:
   case GL_TEXTURE_SWIZZLE_B: case GL_TEXTURE_SWIZZLE_A:
   case GL_TEXTURE_SWIZZLE_RGBA: {
      /* a value other than RED, GREEN, BLUE, ALPHA, ZERO or ONE: GL 3.3's
       * GL_INVALID_ENUM (the core rule for a bad parameter value, what
       * EXT_texture_swizzle's piglit test and Mesa use; the ARB text
       * named GL_INVALID_OPERATION) */
      if (!swizzle_ok(ctx)) {
         st_error(ctx, GL_INVALID_ENUM, name);
         return;
      }
      bool all = pname == GL_TEXTURE_SWIZZLE_RGBA;
      GLenum v[4];
      for (unsigned i = 0; i < (all ? 4u : 1u); i++) {
         v[i] = fv ? (GLenum)st_get_float_to_int(fv[i]) : (GLenum)iv[i];
         if (v[i] != GL_RED && v[i] != GL_GREEN && v[i] != GL_BLUE && v[i] != GL_ALPHA &&
             v[i] != GL_ZERO && v[i] != GL_ONE) {
            st_error(ctx, GL_INVALID_ENUM, name);
            return;
         }
      }
      if (all)
         memcpy(s->swizzle, v, sizeof v);
      else
         s->swizzle[pname - GL_TEXTURE_SWIZZLE_R] = v[0];
      o->serial++;   /* the sampler view carries the swizzle */
      break;
   }
   default:
      st_error(ctx, GL_INVALID_ENUM, name);
      return;
   }
}

static bool
param_is_vector(GLenum pname)
{
   return pname == GL_TEXTURE_BORDER_COLOR || pname == GL_TEXTURE_SWIZZLE_RGBA;
}

void GLAPIENTRY
api_glTexParameterf(GLenum target, GLenum pname, GLfloat param)
{
   ST_ENTRY(ctx);
   if (param_is_vector(pname)) {
      st_error(ctx, GL_INVALID_ENUM, "glTexParameterf");
      return;
   }
   tex_parameter(ctx, target, pname, &param, NULL, "glTexParameterf");
}

void GLAPIENTRY
api_glTexParameteri(GLenum target, GLenum pname, GLint param)
{
   ST_ENTRY(ctx);
   if (param_is_vector(pname)) {
      st_error(ctx, GL_INVALID_ENUM, "glTexParameteri");
      return;
   }
   tex_parameter(ctx, target, pname, NULL, &param, "glTexParameteri");
}

void GLAPIENTRY
api_glTexParameterfv(GLenum target, GLenum pname, const GLfloat *params)
{
   ST_ENTRY(ctx);
   if (!params)
      return;
   tex_parameter(ctx, target, pname, params, NULL, "glTexParameterfv");
}

void GLAPIENTRY
api_glTexParameteriv(GLenum target, GLenum pname, const GLint *params)
{
   ST_ENTRY(ctx);
   if (!params)
      return;
   tex_parameter(ctx, target, pname, NULL, params, "glTexParameteriv");
}

/* EXT_texture_integer: glTexParameterIivEXT / glTexParameterIuivEXT.  The
 * border colour is stored as given (unclamped; its float values for
 * non-integer textures); every other parameter as glTexParameteriv (the
 * unsigned form's values as GLint: enums and levels). */
static void
tex_parameter_int(struct st_context *ctx, GLenum target, GLenum pname, const GLint *iv,
                  bool is_unsigned, const char *name)
{
   if (!ctx->caps.ext_texture_integer) {
      st_error(ctx, GL_INVALID_OPERATION, name);   /* as the other unoffered commands */
      return;
   }
   if (!iv)
      return;
   if (pname != GL_TEXTURE_BORDER_COLOR) {
      tex_parameter(ctx, target, pname, NULL, iv, name);
      return;
   }
   struct st_texture_object *o = param_target(ctx, target, name);
   if (!o)
      return;
   if (st_tex_is_multisample(target)) {
      st_error(ctx, GL_INVALID_ENUM, name);   /* no border on multisample targets */
      return;
   }
   struct st_sampler_params *s = &o->sampler;
   for (unsigned i = 0; i < 4; i++) {
      s->border_int[i] = (GLuint)iv[i];
      s->border_color[i] = is_unsigned ? (GLfloat)(GLuint)iv[i] : (GLfloat)iv[i];
   }
   s->border_type = is_unsigned ? GL_UNSIGNED_INT : GL_INT;
}

void GLAPIENTRY
api_glTexParameterIivEXT(GLenum target, GLenum pname, const GLint *params)
{
   ST_ENTRY(ctx);
   tex_parameter_int(ctx, target, pname, params, false, "glTexParameterIivEXT");
}

void GLAPIENTRY
api_glTexParameterIuivEXT(GLenum target, GLenum pname, const GLuint *params)
{
   ST_ENTRY(ctx);
   tex_parameter_int(ctx, target, pname, (const GLint *)params, true, "glTexParameterIuivEXT");
}

/* The *n values (1 or 4) of a parameter as floats; *is_color: a colour
 * (normalized in the integer query).  false if pname is unknown. */
static bool
get_tex_parameter(struct st_context *ctx, struct st_texture_object *o, GLenum pname,
                  GLfloat v[4], unsigned *n, bool *is_color)
{
   const struct st_sampler_params *s = &o->sampler;
   *is_color = false;
   *n = 1;
   if (removed_in_core(ctx, pname))
      return false;
   if (pname >= GL_TEXTURE_SWIZZLE_R && pname <= GL_TEXTURE_SWIZZLE_RGBA && swizzle_ok(ctx)) {
      if (pname == GL_TEXTURE_SWIZZLE_RGBA) {
         for (unsigned i = 0; i < 4; i++)
            v[i] = (GLfloat)s->swizzle[i];
         *n = 4;
      } else {
         v[0] = (GLfloat)s->swizzle[pname - GL_TEXTURE_SWIZZLE_R];
      }
      return true;
   }
   switch (pname) {
   case GL_TEXTURE_WRAP_S: v[0] = (GLfloat)s->wrap_s; return true;
   case GL_TEXTURE_WRAP_T: v[0] = (GLfloat)s->wrap_t; return true;
   case GL_TEXTURE_WRAP_R: v[0] = (GLfloat)s->wrap_r; return true;
   case GL_TEXTURE_MIN_FILTER: v[0] = (GLfloat)s->min_filter; return true;
   case GL_TEXTURE_MAG_FILTER: v[0] = (GLfloat)s->mag_filter; return true;
   case GL_TEXTURE_BORDER_COLOR:
      memcpy(v, s->border_color, sizeof s->border_color);
      st_clamp_floats01(v, 4, st_clamp_fragment_color(ctx));
      *is_color = true;
      *n = 4;
      return true;
   case GL_TEXTURE_PRIORITY: v[0] = s->priority; return true;
   case GL_TEXTURE_RESIDENT: v[0] = 1.0f; return true;
   case GL_TEXTURE_MIN_LOD: v[0] = s->min_lod; return true;
   case GL_TEXTURE_MAX_LOD: v[0] = s->max_lod; return true;
   case GL_TEXTURE_LOD_BIAS: v[0] = s->lod_bias; return true;
   case GL_TEXTURE_BASE_LEVEL: v[0] = (GLfloat)s->base_level; return true;
   case GL_TEXTURE_MAX_LEVEL: v[0] = (GLfloat)s->max_level; return true;
   case GL_GENERATE_MIPMAP: v[0] = s->generate_mipmap ? 1.0f : 0.0f; return true;
   case GL_TEXTURE_CUBE_MAP_SEAMLESS:
      if (!ctx->caps.ext_seamless_cube_map)
         return false;
      v[0] = s->cube_map_seamless ? 1.0f : 0.0f;
      return true;
   case GL_TEXTURE_COMPARE_MODE: v[0] = (GLfloat)s->compare_mode; return true;
   case GL_TEXTURE_COMPARE_FUNC: v[0] = (GLfloat)s->compare_func; return true;
   case GL_DEPTH_TEXTURE_MODE: v[0] = (GLfloat)s->depth_mode; return true;
   default: return st_texture_storage_param(o, pname, v);   /* api_texstorage.c */
   }
}

void GLAPIENTRY
api_glGetTexParameterfv(GLenum target, GLenum pname, GLfloat *params)
{
   ST_ENTRY(ctx);
   struct st_texture_object *o = param_target(ctx, target, "glGetTexParameterfv");
   if (!o)
      return;
   GLfloat v[4];
   unsigned n;
   bool color;
   if (!get_tex_parameter(ctx, o, pname, v, &n, &color)) {
      st_error(ctx, GL_INVALID_ENUM, "glGetTexParameterfv");
      return;
   }
   if (params)
      memcpy(params, v, sizeof(GLfloat) * n);
}

void GLAPIENTRY
api_glGetTexParameteriv(GLenum target, GLenum pname, GLint *params)
{
   ST_ENTRY(ctx);
   struct st_texture_object *o = param_target(ctx, target, "glGetTexParameteriv");
   if (!o)
      return;
   GLfloat v[4];
   unsigned n;
   bool color;
   if (!get_tex_parameter(ctx, o, pname, v, &n, &color)) {
      st_error(ctx, GL_INVALID_ENUM, "glGetTexParameteriv");
      return;
   }
   if (!params)
      return;
   for (unsigned i = 0; i < n; i++)
      params[i] = color || pname == GL_TEXTURE_PRIORITY ? st_get_norm_to_int(v[i])
                                                        : st_get_float_to_int(v[i]);
}

/* --- glGenerateMipmap -------------------------------------------------------------------------- */

static void
generate_mipmap(struct st_context *ctx, GLenum target, const char *name)
{
   int idx = st_tex_target_index(target);
   if (idx < 0 || idx == ST_TEX_RECT || idx == ST_TEX_2D_MS || idx == ST_TEX_2D_MS_ARRAY ||
       idx == ST_TEX_BUFFER || ((idx == ST_TEX_1D_ARRAY || idx == ST_TEX_2D_ARRAY) && !ctx->caps.tex_array) ||
       (idx == ST_TEX_CUBE_ARRAY && !ctx->caps.tex_cube_array)) {
      st_error(ctx, GL_INVALID_ENUM, name);
      return;
   }
   struct st_texture_object *o = ctx->texture.unit[ctx->texture.active_unit].bound[idx];
   unsigned base = (unsigned)st_texture_base_level(o);
   if (base >= ST_MAX_TEXTURE_LEVELS)
      return;
   if (o->target == GL_TEXTURE_CUBE_MAP) {
      /* cube complete base level required */
      const struct st_texture_image *b = &o->image[0][base];
      for (unsigned f = 0; f < 6; f++) {
         const struct st_texture_image *i = &o->image[f][base];
         if (i->format == PIPE_FORMAT_NONE || i->width != b->width || i->height != b->height ||
             i->internal_format != b->internal_format || b->width != b->height) {
            st_error(ctx, GL_INVALID_OPERATION, name);
            return;
         }
      }
   }
   if (o->image[0][base].format == PIPE_FORMAT_NONE)
      return;
   /* packed depth/stencil, stencil and integer images cannot be filtered
    * into mipmaps: GL_INVALID_OPERATION (GL 3.0 3.8.8 and later, which
    * EXT_texture_integer's formats follow; what Mesa and piglit's
    * genmipmap-errors expect); depth-only images can */
   GLenum bf = o->image[0][base].base_format;
   if (bf == GL_DEPTH_STENCIL || bf == GL_STENCIL_INDEX ||
       st_tex_format_is_integer(o->image[0][base].internal_format)) {
      st_error(ctx, GL_INVALID_OPERATION, name);
      return;
   }
   if (!st_texture_generate_mipmap(ctx, o, 0, true))
      st_error(ctx, GL_OUT_OF_MEMORY, name);
}

void GLAPIENTRY
api_glGenerateMipmap(GLenum target)
{
   ST_ENTRY(ctx);
   generate_mipmap(ctx, target, "glGenerateMipmap");
}

/* --- GL_ARB_clear_texture ------------------------------------------------------------------ */

/* One texel of the stored format pf from the client's (format, type, data);
 * data NULL: all zero.  False: the data cannot be converted (INVALID_OPERATION). */
static bool
clear_texel(const struct st_texture_image *img, enum pipe_format pf, GLenum format,
            GLenum type, const void *data, uint8_t texel[16])
{
   memset(texel, 0, 16);
   if (!data)
      return true;
   const struct util_format_description *desc = util_format_description(pf);
   if (desc->is_depth) {
      float z = 0.0f;
      uint8_t s = 0;
      if (format == GL_DEPTH_STENCIL && type == GL_FLOAT_32_UNSIGNED_INT_24_8_REV)
         st_unpack_depth_stencil_32f(data, 1, &z, &s, false);
      else if (format == GL_DEPTH_STENCIL)
         st_unpack_depth_stencil(data, 1, &z, &s, false);
      else
         st_unpack_depth(type, data, 1, &z, false);
      z = z < 0.0f ? 0.0f : z > 1.0f ? 1.0f : z;
      util_format_pack_z_float(pf, texel, &z, 1);
      if (desc->is_stencil)
         util_format_pack_s_8uint(pf, texel, &s, 1);
      return true;
   }
   if (desc->is_stencil) {   /* GL_ARB_texture_stencil8: one stencil index */
      uint8_t s = 0;
      st_unpack_stencil(type, data, 1, &s, false, false, 0);
      util_format_pack_s_8uint(pf, texel, &s, 1);
      return true;
   }
   float rgba[1][4];
   if (st_pixel_format_is_integer(format)) {
      uint32_t iv[1][4];
      if (!st_unpack_rgba_int(format, type, data, 1, iv, false))
         return false;
      bool is_signed = false;
      for (unsigned c = 0; c < desc->nr_channels; c++)
         if (desc->channel[c].type == UTIL_FORMAT_TYPE_SINT)
            is_signed = true;
      for (unsigned c = 0; c < 4; c++)
         rgba[0][c] = is_signed ? (float)(int32_t)iv[0][c] : (float)iv[0][c];
   } else {
      if (!st_unpack_rgba_float(format, type, data, 1, rgba, false, false, 0, NULL))
         return false;
   }
   if (st_tex_format_is_float(img->internal_format) ||
       st_tex_format_is_snorm(img->internal_format))
      st_fb_mask_base(img->base_format, 1, rgba);
   util_format_pack_rgba_float(pf, texel, &rgba[0][0], 1);
   return true;
}

/* Fill GL texels [x, x+w) x [y, y+h) x [z, z+d) of one face's image (GL
 * coordinates: -border is the first border texel, which is not stored). */
static bool
clear_region(struct st_context *ctx, struct st_texture_object *o, unsigned face,
             unsigned level, GLint x, GLint y, GLint z, GLsizei w, GLsizei h, GLsizei d,
             GLenum format, GLenum type, const void *data)
{
   struct st_texture_image *img = &o->image[face][level];
   struct pipe_resource *res;
   unsigned rl, layer;
   if (img->format == PIPE_FORMAT_NONE || w <= 0 || h <= 0 || d <= 0)
      return true;
   if (!st_texture_image_location(ctx, o, face, level, &res, &rl, &layer))
      return false;
   GLint b = img->border;
   bool rows_are_layers = o->target == GL_TEXTURE_1D_ARRAY_EXT;
   GLint sw = img->width - 2 * b;
   GLint sh = o->target == GL_TEXTURE_1D ? 1 : rows_are_layers ? img->height
                                                                : img->height - 2 * b;
   GLint sd = o->target == GL_TEXTURE_3D ? img->depth - 2 * b
                                         : st_tex_is_layer3d(o->target) ? img->depth : 1;
   GLint x0 = x < 0 ? 0 : x, x1 = x + w > sw ? sw : x + w;
   GLint y0 = y < 0 ? 0 : y, y1 = y + h > sh ? sh : y + h;
   GLint z0 = z < 0 ? 0 : z, z1 = z + d > sd ? sd : z + d;
   if (x0 >= x1 || y0 >= y1 || z0 >= z1)
      return true;
   enum pipe_format pf = st_framebuffer_view_format(img->format);   /* views: theirs */
   uint8_t texel[16];
   if (!clear_texel(img, pf, format, type, data, texel))
      return false;
   unsigned bpp = util_format_description(pf)->block_bytes;
   if (bpp == 0 || bpp > 16)
      return false;
   struct pipe_box box = { x0, y0, (int)layer + z0, x1 - x0, y1 - y0, z1 - z0 };
   if (rows_are_layers) {
      box.y = 0;
      box.height = 1;
      box.z = (int)layer + y0;
      box.depth = y1 - y0;
   }
   struct pipe_transfer *xfer = NULL;
   uint8_t *map = ctx->pipe->texture_map(ctx->pipe, res, rl, PIPE_MAP_WRITE, &box, &xfer);
   if (!map)
      return false;
   for (int l = 0; l < box.depth; l++) {
      for (int r = 0; r < box.height; r++) {
         uint8_t *row = map + (size_t)l * xfer->layer_stride + (size_t)r * xfer->stride;
         for (int c = 0; c < box.width; c++)
            memcpy(row + (size_t)c * bpp, texel, bpp);
      }
   }
   ctx->pipe->texture_unmap(ctx->pipe, xfer);
   return true;
}

static void
clear_tex(struct st_context *ctx, GLuint texture, GLint level, bool sub, GLint x, GLint y,
          GLint z, GLsizei w, GLsizei h, GLsizei d, GLenum format, GLenum type,
          const void *data, const char *name)
{
   struct st_texture_object *o = texture ? st_texture_lookup(ctx, texture) : NULL;
   if (!o || o->target == 0 || o->target == GL_TEXTURE_BUFFER) {
      st_error(ctx, GL_INVALID_OPERATION, name);
      return;
   }
   if (level < 0 || (unsigned)level >= max_levels(o->target)) {
      st_error(ctx, GL_INVALID_VALUE, name);
      return;
   }
   bool cube = o->target == GL_TEXTURE_CUBE_MAP;
   struct st_texture_image *img = &o->image[0][level];
   if (img->width == 0 && img->internal_format == 0) {
      st_error(ctx, GL_INVALID_OPERATION, name);
      return;
   }
   struct st_pixel_features feat;
   unpack_features(ctx, &feat);
   GLenum err = st_unpack_check(&feat, format, type);
   if (err) {
      st_error(ctx, err, name);
      return;
   }
   if (img->compressed) {
      st_error(ctx, GL_INVALID_OPERATION, name);
      return;
   }
   /* the data's class must be the internal format's */
   GLenum base = img->base_format;
   bool bad;
   if (base == GL_DEPTH_COMPONENT)
      bad = format != GL_DEPTH_COMPONENT;
   else if (base == GL_DEPTH_STENCIL)
      bad = format != GL_DEPTH_STENCIL;
   else if (base == GL_STENCIL_INDEX)
      bad = format != GL_STENCIL_INDEX;
   else
      bad = format == GL_DEPTH_COMPONENT || format == GL_DEPTH_STENCIL ||
            format == GL_STENCIL_INDEX;
   if (!bad && !is_depth_base(base) && base != GL_STENCIL_INDEX && img->format != PIPE_FORMAT_NONE) {
      bool int_tex = util_format_description(img->format)->is_pure_integer;
      bad = int_tex != st_pixel_format_is_integer(format);
   }
   if (bad) {
      st_error(ctx, GL_INVALID_OPERATION, name);
      return;
   }
   if (w < 0 || h < 0 || d < 0) {
      st_error(ctx, GL_INVALID_VALUE, name);
      return;
   }
   GLint b = img->border;
   GLint hb = (o->target == GL_TEXTURE_1D || o->target == GL_TEXTURE_1D_ARRAY_EXT) ? 0 : b;
   GLint db = o->target == GL_TEXTURE_3D ? b : 0;
   GLint depth = cube ? 6 : img->depth;
   if (!sub) {
      x = -b;
      y = -hb;
      z = -db;
      w = img->width;
      h = img->height;
      d = depth;
   } else if (!region_inside(x, w, img->width, b) || !region_inside(y, h, img->height, hb) ||
              !region_inside(z, d, depth, db)) {
      /* the spec's (and piglit's) error for a region outside the image */
      st_error(ctx, GL_INVALID_OPERATION, name);
      return;
   }
   bool ok = true;
   if (cube) {
      for (GLint f = z; f < z + d && ok; f++) {
         if (o->image[f][level].width == 0) {
            st_error(ctx, GL_INVALID_OPERATION, name);
            return;
         }
      }
      for (GLint f = z; f < z + d && ok; f++) {
         ok = clear_region(ctx, o, (unsigned)f, (unsigned)level, x, y, 0, w, h, 1, format,
                           type, data);
         st_texture_image_changed(ctx, o, (unsigned)f, (unsigned)level);
      }
   } else {
      ok = clear_region(ctx, o, 0, (unsigned)level, x, y, z, w, h, d, format, type, data);
      st_texture_image_changed(ctx, o, 0, (unsigned)level);
   }
   if (!ok)
      st_error(ctx, GL_INVALID_OPERATION, name);
}

void GLAPIENTRY
api_glClearTexImage(GLuint texture, GLint level, GLenum format, GLenum type, const void *data)
{
   ST_ENTRY(ctx);
   clear_tex(ctx, texture, level, false, 0, 0, 0, 0, 0, 0, format, type, data,
             "glClearTexImage");
}

void GLAPIENTRY
api_glClearTexSubImage(GLuint texture, GLint level, GLint xoffset, GLint yoffset,
                       GLint zoffset, GLsizei width, GLsizei height, GLsizei depth,
                       GLenum format, GLenum type, const void *data)
{
   ST_ENTRY(ctx);
   clear_tex(ctx, texture, level, true, xoffset, yoffset, zoffset, width, height, depth,
             format, type, data, "glClearTexSubImage");
}

/* EXT_texture_integer: glGetTexParameterIivEXT / glGetTexParameterIuivEXT.
 * The border colour as specified: the stored integers when given with
 * glTexParameterI* (a signed one read as unsigned saturates at 0, an
 * unsigned one read as signed at INT_MAX); one given as floats (kept in
 * [0, 1]) converted by value (the extension leaves mixing undefined).
 * Other parameters as glGetTexParameteriv. */
static void
get_tex_parameter_int(struct st_context *ctx, GLenum target, GLenum pname, GLint *iv,
                      bool is_unsigned, const char *name)
{
   if (!ctx->caps.ext_texture_integer) {
      st_error(ctx, GL_INVALID_OPERATION, name);
      return;
   }
   struct st_texture_object *o = param_target(ctx, target, name);
   if (!o)
      return;
   GLfloat v[4];
   unsigned n;
   bool color;
   if (!get_tex_parameter(ctx, o, pname, v, &n, &color)) {
      st_error(ctx, GL_INVALID_ENUM, name);
      return;
   }
   if (!iv)
      return;
   const struct st_sampler_params *s = &o->sampler;
   for (unsigned i = 0; i < n; i++) {
      if (color && s->border_type != GL_FLOAT) {
         GLuint b = s->border_int[i];
         if (s->border_type == GL_INT && is_unsigned)
            b = (GLint)b < 0 ? 0u : b;
         else if (s->border_type == GL_UNSIGNED_INT && !is_unsigned)
            b = b > (GLuint)INT32_MAX ? (GLuint)INT32_MAX : b;
         iv[i] = (GLint)b;
      } else if (color) {
         iv[i] = (GLint)v[i];   /* in [0, 1]: 0 or 1 */
      } else {
         iv[i] = pname == GL_TEXTURE_PRIORITY ? st_get_norm_to_int(v[i])
                                              : st_get_float_to_int(v[i]);
      }
   }
}

void GLAPIENTRY
api_glGetTexParameterIivEXT(GLenum target, GLenum pname, GLint *params)
{
   ST_ENTRY(ctx);
   get_tex_parameter_int(ctx, target, pname, params, false, "glGetTexParameterIivEXT");
}

void GLAPIENTRY
api_glGetTexParameterIuivEXT(GLenum target, GLenum pname, GLuint *params)
{
   ST_ENTRY(ctx);
   get_tex_parameter_int(ctx, target, pname, (GLint *)params, true, "glGetTexParameterIuivEXT");
}
