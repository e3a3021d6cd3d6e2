/*
 * GL_ARB_texture_view: glTextureView.
 *
 * A view is a texture object whose 'pt' is a reference to its original's
 * resource (the data store lives until the last object using it goes).
 * Its images describe levels view_min_level.. and layers view_min_layer..
 * of that resource (st_texture_image_location adds the offsets, so
 * TexSubImage, GetTexImage, CopyTexSubImage, ClearTexImage and
 * render-to-texture of a view reach the shared texels), in the view's
 * pipe format: a format of the same compatibility class with the same
 * block size reinterprets the bytes.  Sampling makes a pipe sampler view
 * with that format, the view's target and its level/layer range (make_view
 * in st_texture.c).
 *
 * Storage formats: glTexStorage* stores each format of Table 3.X.2 in the
 * pipe format of exactly its class size (RGB8 in R8G8B8, not R8G8B8X8), so
 * any view of the class can reinterpret the same bytes.
 */
#include <string.h>

#include "api.h"
#include "format/u_format.h"
#include "pipe/p_defines.h"
#include "pipe/p_screen.h"
#include "st_texture.h"
#include "util/u_inlines.h"

enum view_class {
   VC_NONE,
   VC_128, VC_96, VC_64, VC_48, VC_32, VC_24, VC_16, VC_8,
   VC_RGTC1, VC_RGTC2, VC_BPTC_UNORM, VC_BPTC_FLOAT,
   VC_DXT1_RGB, VC_DXT1_RGBA, VC_DXT3, VC_DXT5,
};

/* Table 3.X.2 restricted to the internal formats a GL 2.1 compatibility
 * context can have (the integer ones with EXT_texture_integer, which
 * st_tex_format_allowed checks), with the pipe format each is stored in. */
static const struct {
   GLenum ifmt;
   enum view_class cls;
   enum pipe_format pf;
} view_formats[] = {
   { GL_RGBA32F, VC_128, PIPE_FORMAT_R32G32B32A32_FLOAT },
   { GL_RGB32F, VC_96, PIPE_FORMAT_R32G32B32_FLOAT },
   { GL_RGBA16F, VC_64, PIPE_FORMAT_R16G16B16A16_FLOAT },
   { GL_RG32F, VC_64, PIPE_FORMAT_R32G32_FLOAT },
   { GL_RGBA16, VC_64, PIPE_FORMAT_R16G16B16A16_UNORM },
   { GL_RGBA16_SNORM, VC_64, PIPE_FORMAT_R16G16B16A16_SNORM },
   { GL_RGB16, VC_48, PIPE_FORMAT_R16G16B16_UNORM },
   { GL_RGB16_SNORM, VC_48, PIPE_FORMAT_R16G16B16_SNORM },
   { GL_RGB16F, VC_48, PIPE_FORMAT_R16G16B16_FLOAT },
   { GL_RG16F, VC_32, PIPE_FORMAT_R16G16_FLOAT },
   { GL_R11F_G11F_B10F, VC_32, PIPE_FORMAT_R11G11B10_FLOAT },
   { GL_R32F, VC_32, PIPE_FORMAT_R32_FLOAT },
   { GL_RGB10_A2, VC_32, PIPE_FORMAT_R10G10B10A2_UNORM },
   { GL_RGBA8, VC_32, PIPE_FORMAT_R8G8B8A8_UNORM },
   { GL_RG16, VC_32, PIPE_FORMAT_R16G16_UNORM },
   { GL_RGBA8_SNORM, VC_32, PIPE_FORMAT_R8G8B8A8_SNORM },
   { GL_RG16_SNORM, VC_32, PIPE_FORMAT_R16G16_SNORM },
   { GL_SRGB8_ALPHA8, VC_32, PIPE_FORMAT_R8G8B8A8_SRGB },
   { GL_RGB9_E5, VC_32, PIPE_FORMAT_R9G9B9E5_FLOAT },
   { GL_RGB8, VC_24, PIPE_FORMAT_R8G8B8_UNORM },
   { GL_RGB8_SNORM, VC_24, PIPE_FORMAT_R8G8B8_SNORM },
   { GL_SRGB8, VC_24, PIPE_FORMAT_R8G8B8_SRGB },
   { GL_R16F, VC_16, PIPE_FORMAT_R16_FLOAT },
   { GL_RG8, VC_16, PIPE_FORMAT_R8G8_UNORM },
   { GL_R16, VC_16, PIPE_FORMAT_R16_UNORM },
   { GL_RG8_SNORM, VC_16, PIPE_FORMAT_R8G8_SNORM },
   { GL_R16_SNORM, VC_16, PIPE_FORMAT_R16_SNORM },
   { GL_R8, VC_8, PIPE_FORMAT_R8_UNORM },
   { GL_R8_SNORM, VC_8, PIPE_FORMAT_R8_SNORM },
   /* EXT_texture_integer (R/RG ones with ARB_texture_rg) */
   { GL_RGBA32UI, VC_128, PIPE_FORMAT_R32G32B32A32_UINT },
   { GL_RGBA32I, VC_128, PIPE_FORMAT_R32G32B32A32_SINT },
   { GL_RGB32UI, VC_96, PIPE_FORMAT_R32G32B32_UINT },
   { GL_RGB32I, VC_96, PIPE_FORMAT_R32G32B32_SINT },
   { GL_RGBA16UI, VC_64, PIPE_FORMAT_R16G16B16A16_UINT },
   { GL_RGBA16I, VC_64, PIPE_FORMAT_R16G16B16A16_SINT },
   { GL_RG32UI, VC_64, PIPE_FORMAT_R32G32_UINT },
   { GL_RG32I, VC_64, PIPE_FORMAT_R32G32_SINT },
   { GL_RGB16UI, VC_48, PIPE_FORMAT_R16G16B16_UINT },
   { GL_RGB16I, VC_48, PIPE_FORMAT_R16G16B16_SINT },
   { GL_RGBA8UI, VC_32, PIPE_FORMAT_R8G8B8A8_UINT },
   { GL_RGB10_A2UI, VC_32, PIPE_FORMAT_R10G10B10A2_UINT },
   { GL_RGBA8I, VC_32, PIPE_FORMAT_R8G8B8A8_SINT },
   { GL_RG16UI, VC_32, PIPE_FORMAT_R16G16_UINT },
   { GL_RG16I, VC_32, PIPE_FORMAT_R16G16_SINT },
   { GL_R32UI, VC_32, PIPE_FORMAT_R32_UINT },
   { GL_R32I, VC_32, PIPE_FORMAT_R32_SINT },
   { GL_RGB8UI, VC_24, PIPE_FORMAT_R8G8B8_UINT },
   { GL_RGB8I, VC_24, PIPE_FORMAT_R8G8B8_SINT },
   { GL_RG8UI, VC_16, PIPE_FORMAT_R8G8_UINT },
   { GL_RG8I, VC_16, PIPE_FORMAT_R8G8_SINT },
   { GL_R16UI, VC_16, PIPE_FORMAT_R16_UINT },
   { GL_R16I, VC_16, PIPE_FORMAT_R16_SINT },
   { GL_R8UI, VC_8, PIPE_FORMAT_R8_UINT },
   { GL_R8I, VC_8, PIPE_FORMAT_R8_SINT },
   { GL_COMPRESSED_RED_RGTC1, VC_RGTC1, PIPE_FORMAT_RGTC1_UNORM },
   { GL_COMPRESSED_SIGNED_RED_RGTC1, VC_RGTC1, PIPE_FORMAT_RGTC1_SNORM },
   { GL_COMPRESSED_RG_RGTC2, VC_RGTC2, PIPE_FORMAT_RGTC2_UNORM },
   { GL_COMPRESSED_SIGNED_RG_RGTC2, VC_RGTC2, PIPE_FORMAT_RGTC2_SNORM },
   { GL_COMPRESSED_RGBA_BPTC_UNORM, VC_BPTC_UNORM, PIPE_FORMAT_BPTC_RGBA_UNORM },
   { GL_COMPRESSED_SRGB_ALPHA_BPTC_UNORM, VC_BPTC_UNORM, PIPE_FORMAT_BPTC_SRGBA },
   { GL_COMPRESSED_RGB_BPTC_SIGNED_FLOAT, VC_BPTC_FLOAT, PIPE_FORMAT_BPTC_RGB_FLOAT },
   { GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT, VC_BPTC_FLOAT, PIPE_FORMAT_BPTC_RGB_UFLOAT },
   /* EXT_texture_compression_s3tc with EXT_texture_sRGB */
   { GL_COMPRESSED_RGB_S3TC_DXT1_EXT, VC_DXT1_RGB, PIPE_FORMAT_DXT1_RGB },
   { GL_COMPRESSED_SRGB_S3TC_DXT1_EXT, VC_DXT1_RGB, PIPE_FORMAT_DXT1_SRGB },
   { GL_COMPRESSED_RGBA_S3TC_DXT1_EXT, VC_DXT1_RGBA, PIPE_FORMAT_DXT1_RGBA },
   { GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT1_EXT, VC_DXT1_RGBA, PIPE_FORMAT_DXT1_SRGBA },
   { GL_COMPRESSED_RGBA_S3TC_DXT3_EXT, VC_DXT3, PIPE_FORMAT_DXT3_RGBA },
   { GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT3_EXT, VC_DXT3, PIPE_FORMAT_DXT3_SRGBA },
   { GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, VC_DXT5, PIPE_FORMAT_DXT5_RGBA },
   { GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT5_EXT, VC_DXT5, PIPE_FORMAT_DXT5_SRGBA },
};

static int
view_format_index(GLenum ifmt)
{
   for (unsigned i = 0; i < sizeof view_formats / sizeof view_formats[0]; i++)
      if (view_formats[i].ifmt == ifmt)
         return (int)i;
   return -1;
}

int
st_texview_class(GLenum ifmt)
{
   int i = view_format_index(ifmt);
   return i < 0 ? 0 : (int)view_formats[i].cls;
}

enum pipe_format
st_texview_storage_format(struct st_context *ctx, GLenum ifmt, GLenum target)
{
   int i = view_format_index(ifmt);
   if (i >= 0 && ctx->screen->is_format_supported(ctx->screen, view_formats[i].pf,
                                                  st_tex_pipe_target(target), 0,
                                                  PIPE_BIND_SAMPLER_VIEW))
      return view_formats[i].pf;
   if (ifmt == GL_DEPTH24_STENCIL8)
      return PIPE_FORMAT_Z24_UNORM_S8_UINT;
   if (ifmt == GL_DEPTH32F_STENCIL8)
      return PIPE_FORMAT_Z32_FLOAT_S8X24_UINT;
   return st_tex_choose_format(ctx, ifmt, target);
}

/* Table 3.X.1: may a view of 'target' be made of a texture of 'orig'? */
static bool
targets_compatible(GLenum orig, GLenum target)
{
   switch (orig) {
   case GL_TEXTURE_1D:
   case GL_TEXTURE_1D_ARRAY_EXT:
      return target == GL_TEXTURE_1D || target == GL_TEXTURE_1D_ARRAY_EXT;
   case GL_TEXTURE_2D:
      return target == GL_TEXTURE_2D || target == GL_TEXTURE_2D_ARRAY_EXT;
   case GL_TEXTURE_3D:
      return target == GL_TEXTURE_3D;
   case GL_TEXTURE_RECTANGLE_ARB:
      return target == GL_TEXTURE_RECTANGLE_ARB;
   case GL_TEXTURE_CUBE_MAP:
   case GL_TEXTURE_2D_ARRAY_EXT:
   case GL_TEXTURE_CUBE_MAP_ARRAY_ARB:
      return target == GL_TEXTURE_2D || target == GL_TEXTURE_2D_ARRAY_EXT ||
             target == GL_TEXTURE_CUBE_MAP || target == GL_TEXTURE_CUBE_MAP_ARRAY_ARB;
   case GL_TEXTURE_2D_MULTISAMPLE:         /* immutable only with ARB_texture_storage_ */
   case GL_TEXTURE_2D_MULTISAMPLE_ARRAY:   /* multisample (api_texms.c) */
      return target == GL_TEXTURE_2D_MULTISAMPLE || target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY;
   default:
      return false;
   }
}

/* Is target one this context can bind at all? */
static bool
target_supported(const struct st_context *ctx, GLenum target)
{
   int idx = st_tex_target_index(target);
   if (idx < 0)
      return false;
   if ((idx == ST_TEX_1D_ARRAY || idx == ST_TEX_2D_ARRAY) && !ctx->caps.tex_array)
      return false;
   if (idx == ST_TEX_CUBE_ARRAY && !ctx->caps.tex_cube_array)
      return false;
   return true;
}

/*
 * The pipe format a view of internal format 'ifmt' reads the original's
 * resource (format 'orig_pf', internal format 'orig_ifmt') with; NONE if the
 * two formats are not compatible (Table 3.X.2, or identical formats).
 */
static enum pipe_format
view_pipe_format(GLenum orig_ifmt, enum pipe_format orig_pf, GLenum ifmt)
{
   if (ifmt == orig_ifmt)
      return orig_pf;
   int a = view_format_index(orig_ifmt), b = view_format_index(ifmt);
   if (a < 0 || b < 0 || view_formats[a].cls != view_formats[b].cls)
      return PIPE_FORMAT_NONE;
   enum pipe_format pf = view_formats[b].pf;
   const struct util_format_description *d0 = util_format_description(orig_pf);
   const struct util_format_description *d1 = util_format_description(pf);
   /* the original was stored in its class's format unless the driver
    * lacked it; a view can only read bytes of the same block shape */
   if (!d0 || !d1 || d0->block_bytes != d1->block_bytes ||
       d0->block_width != d1->block_width || d0->block_height != d1->block_height)
      return PIPE_FORMAT_NONE;
   return pf;
}

void GLAPIENTRY
api_glTextureView(GLuint texture, GLenum target, GLuint origtexture, GLenum internalformat,
                  GLuint minlevel, GLuint numlevels, GLuint minlayer, GLuint numlayers)
{
   ST_ENTRY(ctx);
   const char *name = "glTextureView";
   if (texture == 0) {
      st_error(ctx, GL_INVALID_VALUE, name);
      return;
   }
   struct st_texture_object *orig = st_texture_lookup(ctx, origtexture);
   if (!orig || orig->target == 0) {
      st_error(ctx, GL_INVALID_VALUE, name);
      return;
   }
   if (!orig->immutable || !orig->pt) {
      st_error(ctx, GL_INVALID_OPERATION, name);
      return;
   }
   /* a name from glGenTextures that was never bound (no target yet) */
   struct st_texture_object *existing = st_texture_lookup(ctx, texture);
   if (!st_names_is_used(&ctx->share->textures, texture) ||
       (existing && (existing->target != 0 || existing->immutable))) {
      st_error(ctx, GL_INVALID_OPERATION, name);
      return;
   }
   if (!target_supported(ctx, target) || !targets_compatible(orig->target, target)) {
      st_error(ctx, GL_INVALID_OPERATION, name);
      return;
   }
   /* the original's level 0 describes the format (same on every level) */
   const struct st_texture_image *o0 = &orig->image[0][0];
   enum pipe_format pf = st_tex_format_allowed(ctx, internalformat)
                         ? view_pipe_format(o0->internal_format, o0->format, internalformat)
                         : PIPE_FORMAT_NONE;
   if (internalformat == o0->internal_format)
      pf = o0->format;
   if (pf == PIPE_FORMAT_NONE) {
      st_error(ctx, GL_INVALID_OPERATION, name);
      return;
   }
   if (minlevel >= orig->view_num_levels || minlayer >= orig->view_num_layers) {
      st_error(ctx, GL_INVALID_VALUE, name);
      return;
   }
   GLuint nlevels = numlevels < orig->view_num_levels - minlevel
                    ? numlevels : orig->view_num_levels - minlevel;
   GLuint nlayers = numlayers < orig->view_num_layers - minlayer
                    ? numlayers : orig->view_num_layers - minlayer;
   if ((target == GL_TEXTURE_CUBE_MAP && nlayers != 6) ||
       (target == GL_TEXTURE_CUBE_MAP_ARRAY_ARB && nlayers % 6 != 0)) {
      st_error(ctx, GL_INVALID_VALUE, name);
      return;
   }
   if ((target == GL_TEXTURE_1D || target == GL_TEXTURE_2D || target == GL_TEXTURE_3D ||
        target == GL_TEXTURE_RECTANGLE_ARB || target == GL_TEXTURE_2D_MULTISAMPLE) &&
       numlayers != 1) {
      st_error(ctx, GL_INVALID_VALUE, name);
      return;
   }
   /* level 0 of the original's view: its size (1D arrays: width only) */
   unsigned w = (unsigned)o0->width;
   unsigned h = orig->target == GL_TEXTURE_1D || orig->target == GL_TEXTURE_1D_ARRAY_EXT
                ? 1 : (unsigned)o0->height;
   unsigned d = orig->target == GL_TEXTURE_3D ? (unsigned)o0->depth : 1;
   if ((target == GL_TEXTURE_CUBE_MAP || target == GL_TEXTURE_CUBE_MAP_ARRAY_ARB) && w != h) {
      st_error(ctx, GL_INVALID_OPERATION, name);
      return;
   }
   if ((target == GL_TEXTURE_CUBE_MAP || target == GL_TEXTURE_CUBE_MAP_ARRAY_ARB) &&
       w > ST_MAX_CUBE_TEXTURE_SIZE) {
      st_error(ctx, GL_INVALID_OPERATION, name);
      return;
   }
   if (nlevels == 0 || nlayers == 0) {
      /* numlevels / numlayers 0: nothing to view (GL 4.6 leaves it
       * unspecified; refused like an out-of-range level) */
      st_error(ctx, GL_INVALID_VALUE, name);
      return;
   }

   struct st_texture_object *o = existing;
   if (!o) {
      o = st_texture_object_create(texture, target);
      if (!o || !st_names_set(&ctx->share->textures, texture, o)) {
         if (o)
            st_texture_object_destroy_cb(o, NULL);
         st_error(ctx, GL_OUT_OF_MEMORY, name);
         return;
      }
   }
   st_texture_object_set_target(o, target);
   pipe_resource_reference(&o->pt, orig->pt);
   GLenum base = st_tex_base_format(internalformat);
   bool compressed = st_tex_format_is_compressed(internalformat);
   unsigned nfaces = st_tex_num_faces(target);
   for (GLuint l = 0; l < nlevels && l < ST_MAX_TEXTURE_LEVELS; l++) {
      unsigned lw = u_minify(w, minlevel + l), lh = u_minify(h, minlevel + l);
      unsigned ld = u_minify(d, minlevel + l);
      for (unsigned f = 0; f < nfaces; f++) {
         struct st_texture_image *img = &o->image[f][l];
         pipe_resource_reference(&img->pt, NULL);
         memset(img, 0, sizeof *img);
         img->width = (GLint)lw;
         img->height = target == GL_TEXTURE_1D ? 1
                       : target == GL_TEXTURE_1D_ARRAY_EXT ? (GLint)nlayers : (GLint)lh;
         img->depth = target == GL_TEXTURE_3D ? (GLint)ld
                      : st_tex_is_layer3d(target) ? (GLint)nlayers : 1;
         img->border = 0;
         img->internal_format = internalformat;
         img->base_format = base;
         img->format = pf;
         img->compressed = compressed;
         if (compressed)
            img->compressed_size = st_tex_compressed_size(pf, lw, lh, (unsigned)img->depth);
         img->in_tree = true;
         img->samples = o0->samples;   /* ARB_texture_multisample (api_texms.c) */
         img->fixed_sample_locations = o0->fixed_sample_locations;
      }
   }
   o->immutable = true;
   o->immutable_levels = orig->immutable_levels;
   o->view_min_level = orig->view_min_level + minlevel;
   o->view_num_levels = nlevels;
   o->view_min_layer = orig->view_min_layer + minlayer;
   o->view_num_layers = nlayers;
   o->serial++;
}
