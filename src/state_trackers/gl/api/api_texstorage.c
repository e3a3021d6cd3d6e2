/*
 * GL_ARB_texture_storage: glTexStorage1D/2D/3D (immutable-format textures)
 * and the TEXTURE_IMMUTABLE_* / TEXTURE_VIEW_* texture parameters.
 *
 * A successful call allocates one resource holding every level (all in the
 * object's tree, never rebuilt), describes each level's images as the
 * spec's TexImage pseudo-code would, and marks the object immutable:
 * glTexImage*, glCopyTexImage*, glCompressedTexImage* and glTexStorage*
 * then raise GL_INVALID_OPERATION on it (api_texture.c), and level_base /
 * level_max are clamped to the levels (st_texture_base_level/max_level).
 * Proxy targets only describe the images (or clear them when the storage
 * could not be made); proxies never become immutable.
 */
#include <string.h>

#include "api.h"
#include "format/u_format.h"
#include "pipe/p_defines.h"
#include "st_es_formats.h"
#include "st_texture.h"
#include "util/u_inlines.h"

/* Unsized and generic internal formats: GL_INVALID_ENUM (issue 27). */
static bool
is_unsized(GLenum f)
{
   switch (f) {
   case 1: case 2: case 3: case 4:
   case GL_ALPHA: case GL_LUMINANCE: case GL_LUMINANCE_ALPHA: case GL_INTENSITY:
   case GL_RED: case GL_RG: case GL_RGB: case GL_RGBA:
   case GL_DEPTH_COMPONENT: case GL_DEPTH_STENCIL:
   case GL_SRGB: case GL_SRGB_ALPHA: case GL_SLUMINANCE: case GL_SLUMINANCE_ALPHA:
   case GL_COMPRESSED_ALPHA: case GL_COMPRESSED_LUMINANCE: case GL_COMPRESSED_LUMINANCE_ALPHA:
   case GL_COMPRESSED_INTENSITY: case GL_COMPRESSED_RGB: case GL_COMPRESSED_RGBA:
   case GL_COMPRESSED_RED: case GL_COMPRESSED_RG:
   case GL_COMPRESSED_SRGB: case GL_COMPRESSED_SRGB_ALPHA:
   case GL_COMPRESSED_SLUMINANCE: case GL_COMPRESSED_SLUMINANCE_ALPHA:
   case GL_RED_SNORM: case GL_RG_SNORM: case GL_RGB_SNORM: case GL_RGBA_SNORM:
   case GL_ALPHA_SNORM: case GL_LUMINANCE_SNORM: case GL_LUMINANCE_ALPHA_SNORM:
   case GL_INTENSITY_SNORM:
      return true;
   default:
      return false;
   }
}

/* Base format of a sized internal format this context accepts (0: none). */
static GLenum
storage_base(const struct st_context *ctx, GLenum f)
{
   if (f == GL_DEPTH24_STENCIL8)
      return ctx->caps.ext_packed_depth_stencil ? GL_DEPTH_STENCIL : 0;
   if (f == GL_DEPTH32F_STENCIL8)
      return st_tex_format_allowed(ctx, f) ? GL_DEPTH_STENCIL : 0;
   if (!st_tex_format_allowed(ctx, f))
      return 0;
   return st_tex_base_format(f);
}

static unsigned
floor_log2(unsigned v)
{
   unsigned n = 0;
   while (v >>= 1)
      n++;
   return n;
}

static void
clear_images(struct st_texture_object *o)
{
   for (unsigned f = 0; f < 6; f++) {
      for (unsigned l = 0; l < ST_MAX_TEXTURE_LEVELS; l++) {
         struct st_texture_image *img = &o->image[f][l];
         pipe_resource_reference(&img->pt, NULL);
         memset(img, 0, sizeof *img);
         img->format = PIPE_FORMAT_NONE;
      }
   }
}

/* The images levels 0..levels-1 (every face) of a w x h x d texture. */
static void
describe_images(struct st_texture_object *o, GLenum target, unsigned levels, GLenum ifmt,
                GLenum base, enum pipe_format pf, unsigned w, unsigned h, unsigned d)
{
   bool compressed = st_tex_format_is_compressed(ifmt);
   for (unsigned l = 0; l < levels && l < ST_MAX_TEXTURE_LEVELS; l++) {
      for (unsigned f = 0; f < st_tex_num_faces(target); f++) {
         struct st_texture_image *img = &o->image[f][l];
         img->width = (GLint)u_minify(w, l);
         img->height = target == GL_TEXTURE_1D ? 1
                       : target == GL_TEXTURE_1D_ARRAY_EXT ? (GLint)h : (GLint)u_minify(h, l);
         img->depth = target == GL_TEXTURE_3D ? (GLint)u_minify(d, l)
                      : st_tex_is_layer3d(target) ? (GLint)d : 1;
         img->border = 0;
         img->internal_format = ifmt;
         img->base_format = base;
         img->format = pf;
         img->compressed = compressed;
         img->compressed_size =
            compressed ? st_tex_compressed_size(pf, (unsigned)img->width, (unsigned)img->height,
                                                (unsigned)img->depth)
                       : 0;
         img->in_tree = true;
         img->pt = NULL;
      }
   }
}

static void
tex_storage(struct st_context *ctx, unsigned dims, GLenum target, GLsizei levels,
            GLenum ifmt, GLsizei width, GLsizei height, GLsizei depth, const char *name)
{
   GLenum t = 0;
   bool proxy = false;
   switch (dims) {
   case 1:
      if (target == GL_TEXTURE_1D || target == GL_PROXY_TEXTURE_1D)
         t = GL_TEXTURE_1D;
      break;
   case 2:
      if (target == GL_TEXTURE_2D || target == GL_PROXY_TEXTURE_2D)
         t = GL_TEXTURE_2D;
      else if (target == GL_TEXTURE_CUBE_MAP || target == GL_PROXY_TEXTURE_CUBE_MAP)
         t = GL_TEXTURE_CUBE_MAP;
      else if (target == GL_TEXTURE_RECTANGLE_ARB || target == GL_PROXY_TEXTURE_RECTANGLE_ARB)
         t = GL_TEXTURE_RECTANGLE_ARB;
      else if ((target == GL_TEXTURE_1D_ARRAY_EXT || target == GL_PROXY_TEXTURE_1D_ARRAY_EXT) &&
               ctx->caps.tex_array)
         t = GL_TEXTURE_1D_ARRAY_EXT;
      break;
   default:
      if (target == GL_TEXTURE_3D || target == GL_PROXY_TEXTURE_3D)
         t = GL_TEXTURE_3D;
      else if ((target == GL_TEXTURE_2D_ARRAY_EXT || target == GL_PROXY_TEXTURE_2D_ARRAY_EXT) &&
               ctx->caps.tex_array)
         t = GL_TEXTURE_2D_ARRAY_EXT;
      else if ((target == GL_TEXTURE_CUBE_MAP_ARRAY_ARB ||
                target == GL_PROXY_TEXTURE_CUBE_MAP_ARRAY_ARB) && ctx->caps.tex_cube_array)
         t = GL_TEXTURE_CUBE_MAP_ARRAY_ARB;
      break;
   }
   if (!t) {
      st_error(ctx, GL_INVALID_ENUM, name);
      return;
   }
   proxy = target != t;
   if (levels < 1 || width < 1 || height < 1 || depth < 1) {
      st_error(ctx, GL_INVALID_VALUE, name);
      return;
   }
   GLenum base = is_unsized(ifmt) ? 0 : storage_base(ctx, ifmt);
   /* OpenGL ES 3.0: table 3.2's sized formats and the compressed ones */
   if (base && ctx->profile == ST_PROFILE_GLES2 && !st_tex_format_is_compressed(ifmt) &&
       !st_es_storage_format_ok(ctx, ifmt))
      base = 0;
   if (!base) {
      st_error(ctx, GL_INVALID_ENUM, name);
      return;
   }
   /* the largest dimension mipmapping reduces */
   unsigned maxdim = (unsigned)width;
   if (t != GL_TEXTURE_1D_ARRAY_EXT && (unsigned)height > maxdim)
      maxdim = (unsigned)height;
   if (t == GL_TEXTURE_3D && (unsigned)depth > maxdim)
      maxdim = (unsigned)depth;
   unsigned max_levels = t == GL_TEXTURE_RECTANGLE_ARB ? 1 : floor_log2(maxdim) + 1;
   if ((unsigned)levels > max_levels) {
      st_error(ctx, GL_INVALID_OPERATION, name);
      return;
   }
   int idx = st_tex_target_index(t);
   struct st_texture_object *o = proxy ? ctx->tex.proxy[idx]
                                       : ctx->texture.unit[ctx->texture.active_unit].bound[idx];
   if (!proxy && (o->name == 0 || o->immutable)) {
      st_error(ctx, GL_INVALID_OPERATION, name);
      return;
   }
   /* what the TexImage pseudo-code would refuse */
   bool depth_base = base == GL_DEPTH_COMPONENT || base == GL_DEPTH_STENCIL;
   if (depth_base &&
       (t == GL_TEXTURE_3D || (t == GL_TEXTURE_CUBE_MAP && !st_depth_cube_maps(ctx)))) {
      st_error(ctx, GL_INVALID_OPERATION, name);
      return;
   }
   bool compressed = st_tex_format_is_compressed(ifmt);
   if (compressed && t != GL_TEXTURE_2D && t != GL_TEXTURE_CUBE_MAP && !st_tex_is_layer3d(t) &&
       !(t == GL_TEXTURE_3D && st_tex_format_allows_3d(ctx, ifmt))) {   /* BPTC in 3D */
      st_error(ctx, GL_INVALID_OPERATION, name);
      return;
   }
   if ((t == GL_TEXTURE_CUBE_MAP && width != height) ||
       (t == GL_TEXTURE_CUBE_MAP_ARRAY_ARB && (width != height || depth % 6 != 0))) {
      if (proxy)
         clear_images(o);
      else
         st_error(ctx, GL_INVALID_VALUE, name);
      return;
   }
   GLint max = t == GL_TEXTURE_3D ? ST_MAX_3D_TEXTURE_SIZE
               : t == GL_TEXTURE_RECTANGLE_ARB ? ST_MAX_RECT_TEXTURE_SIZE
               : t == GL_TEXTURE_CUBE_MAP || t == GL_TEXTURE_CUBE_MAP_ARRAY_ARB
                  ? ST_MAX_CUBE_TEXTURE_SIZE : ST_MAX_TEXTURE_SIZE;
   bool sizes_ok = width <= max;
   if (t == GL_TEXTURE_1D_ARRAY_EXT)
      sizes_ok = sizes_ok && height <= ST_MAX_ARRAY_TEXTURE_LAYERS;
   else if (dims >= 2)
      sizes_ok = sizes_ok && height <= max;
   if (st_tex_is_layer3d(t))
      sizes_ok = sizes_ok && depth <= ST_MAX_ARRAY_TEXTURE_LAYERS;
   else if (dims >= 3)
      sizes_ok = sizes_ok && depth <= max;
   enum pipe_format pf = sizes_ok ? st_texview_storage_format(ctx, ifmt, t) : PIPE_FORMAT_NONE;
   if (pf == PIPE_FORMAT_NONE) {
      if (proxy)
         clear_images(o);
      else
         st_error(ctx, GL_INVALID_VALUE, name);
      return;
   }
   unsigned w = (unsigned)width;
   unsigned h = dims >= 2 ? (unsigned)height : 1;
   unsigned d = dims >= 3 ? (unsigned)depth : 1;
   if (proxy) {
      clear_images(o);
      describe_images(o, t, (unsigned)levels, ifmt, base, pf, w, h, d);
      for (unsigned f = 0; f < 6; f++)
         for (unsigned l = 0; l < ST_MAX_TEXTURE_LEVELS; l++)
            o->image[f][l].in_tree = false;
      return;
   }
   /* pipe layout: a 1D array's GL height is its layer count */
   struct pipe_resource *res =
      t == GL_TEXTURE_1D_ARRAY_EXT
         ? st_texture_create_storage(ctx, t, pf, w, 1, h, (unsigned)levels - 1)
         : st_texture_create_storage(ctx, t, pf, w, h, d, (unsigned)levels - 1);
   if (!res) {
      st_error(ctx, GL_OUT_OF_MEMORY, name);
      return;
   }
   clear_images(o);
   pipe_resource_reference(&o->pt, NULL);
   o->pt = res;
   describe_images(o, t, (unsigned)levels, ifmt, base, pf, w, h, d);
   o->immutable = true;
   o->immutable_levels = (GLuint)levels;
   o->view_min_level = 0;
   o->egl_sibling = false;   /* an EGLImage of the old storage is orphaned */
   o->view_num_levels = (GLuint)levels;
   o->view_min_layer = 0;
   o->view_num_layers = t == GL_TEXTURE_1D_ARRAY_EXT ? h
                        : st_tex_is_layer3d(t) ? d
                        : t == GL_TEXTURE_CUBE_MAP ? 6 : 1;
   o->serial++;
}

void GLAPIENTRY
api_glTexStorage1D(GLenum target, GLsizei levels, GLenum internalformat, GLsizei width)
{
   ST_ENTRY(ctx);
   tex_storage(ctx, 1, target, levels, internalformat, width, 1, 1, "glTexStorage1D");
}

void GLAPIENTRY
api_glTexStorage2D(GLenum target, GLsizei levels, GLenum internalformat, GLsizei width,
                   GLsizei height)
{
   ST_ENTRY(ctx);
   tex_storage(ctx, 2, target, levels, internalformat, width, height, 1, "glTexStorage2D");
}

void GLAPIENTRY
api_glTexStorage3D(GLenum target, GLsizei levels, GLenum internalformat, GLsizei width,
                   GLsizei height, GLsizei depth)
{
   ST_ENTRY(ctx);
   tex_storage(ctx, 3, target, levels, internalformat, width, height, depth, "glTexStorage3D");
}

bool
st_texture_storage_param(const struct st_texture_object *o, GLenum pname, GLfloat *v)
{
   /* desktop extensions: OpenGL ES 1.1 and 2.0 contexts have neither; ES
    * 3.0 has immutable textures, not views */
   const struct st_context *ctx = st_current();
   if (ctx && !st_desktop(ctx) &&
       !(st_es3(ctx) && (pname == GL_TEXTURE_IMMUTABLE_FORMAT ||
                         pname == GL_TEXTURE_IMMUTABLE_LEVELS)))
      return false;
   switch (pname) {
   case GL_TEXTURE_IMMUTABLE_FORMAT: *v = o->immutable ? 1.0f : 0.0f; return true;
   case GL_TEXTURE_IMMUTABLE_LEVELS: *v = (GLfloat)o->immutable_levels; return true;
   case GL_TEXTURE_VIEW_MIN_LEVEL: *v = (GLfloat)o->view_min_level; return true;
   case GL_TEXTURE_VIEW_NUM_LEVELS: *v = (GLfloat)o->view_num_levels; return true;
   case GL_TEXTURE_VIEW_MIN_LAYER: *v = (GLfloat)o->view_min_layer; return true;
   case GL_TEXTURE_VIEW_NUM_LAYERS: *v = (GLfloat)o->view_num_layers; return true;
   default: return false;
   }
}
