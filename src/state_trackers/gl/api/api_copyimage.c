/*
 * GL_ARB_copy_image: glCopyImageSubData.
 *
 * A raw copy of texels (no conversion) between two images: a level of a
 * texture of any target this context has, or a renderbuffer.  Layers of
 * arrays, faces of cube maps (face index = z) and slices of 3D textures
 * are all addressed by z; a 1D array's layers too (its y is always 0).
 * The copy is the pipe's resource_copy_region, one slice at a time (a
 * cube face may live in its own resource until the texture is validated).
 *
 * Errors (ARB_copy_image, as GL 4.5 section 18.3.2 words them), checked
 * for the source and then the destination object in this order:
 *   target not RENDERBUFFER or a texture target this context has (buffer
 *   textures, proxies and cube-face targets included)     INVALID_ENUM
 *   name not a texture / renderbuffer (0, never generated)  INVALID_VALUE
 *   a generated name without an object or storage, a texture that is not
 *   complete                                              INVALID_OPERATION
 *   target not the object's                                 INVALID_ENUM
 *   level not an image of the object (renderbuffers: not 0) INVALID_VALUE
 * then for the pair:
 *   negative offsets or sizes, a region outside either image, compressed
 *   offsets not on block boundaries, compressed sizes that are not whole
 *   blocks unless they reach the image's edge                INVALID_VALUE
 *   formats not compatible (identical, one class of the texture-view
 *   table, or compressed/uncompressed of Table 4.X.1)     INVALID_OPERATION
 *   different sample counts                               INVALID_OPERATION
 *
 * "Complete" is read as Mesa and piglit do: the base level is complete
 * whatever the filters say, and copies of other levels need the mipmap
 * chain complete.
 */
#include <stdlib.h>
#include <string.h>

#include "api.h"
#include "format/u_format.h"
#include "pipe/p_context.h"
#include "st_fbo.h"
#include "st_texture.h"

/* One side of the copy once its object checked out. */
struct copy_side {
   struct st_texture_object *tex;    /* NULL: a renderbuffer */
   struct st_renderbuffer *rb;
   GLenum target;
   unsigned level;
   GLenum internal_format;
   enum pipe_format format;          /* storage */
   unsigned width, height, depth;    /* in texels; depth: slices, layers or 6 faces */
   unsigned samples;                 /* 0: single-sampled */
};

static bool
texture_target_ok(const struct st_context *ctx, GLenum target)
{
   switch (target) {
   case GL_TEXTURE_1D: case GL_TEXTURE_2D: case GL_TEXTURE_3D:
   case GL_TEXTURE_CUBE_MAP: case GL_TEXTURE_RECTANGLE_ARB:
      return true;
   case GL_TEXTURE_1D_ARRAY_EXT: case GL_TEXTURE_2D_ARRAY_EXT:
      return ctx->caps.tex_array;
   case GL_TEXTURE_CUBE_MAP_ARRAY_ARB:
      return ctx->caps.tex_cube_array;
   case GL_TEXTURE_2D_MULTISAMPLE: case GL_TEXTURE_2D_MULTISAMPLE_ARRAY:
      return ctx->caps.tex_multisample;
   default:
      return false;
   }
}

/* Check one object and describe it; 0 or the GL error to raise. */
static GLenum
prepare_side(struct st_context *ctx, GLuint name, GLenum target, GLint level,
             struct copy_side *s)
{
   memset(s, 0, sizeof *s);
   s->target = target;
   if (target == GL_RENDERBUFFER) {
      if (!name || !st_names_is_used(&ctx->share->renderbuffers, name))
         return GL_INVALID_VALUE;
      struct st_renderbuffer *rb = st_names_lookup(&ctx->share->renderbuffers, name);
      if (!rb || rb->format == PIPE_FORMAT_NONE || !rb->res)
         return GL_INVALID_OPERATION;   /* no storage (or 0x0): incomplete */
      if (level != 0)
         return GL_INVALID_VALUE;
      s->rb = rb;
      s->internal_format = rb->internal_format;
      s->format = rb->format;
      s->width = rb->width;
      s->height = rb->height;
      s->depth = 1;
      s->samples = rb->samples > 1 ? rb->samples : 0;
      return 0;
   }
   if (!texture_target_ok(ctx, target))
      return GL_INVALID_ENUM;
   if (!name || !st_names_is_used(&ctx->share->textures, name))
      return GL_INVALID_VALUE;
   struct st_texture_object *o = st_texture_lookup(ctx, name);
   if (!o || o->target == 0)
      return GL_INVALID_OPERATION;      /* generated, never bound: no images */
   if (o->target != target)
      return GL_INVALID_ENUM;
   if (!st_texture_copy_complete(o, -1))
      return GL_INVALID_OPERATION;
   /* a level without an image is no level of the object; one with an
    * image outside a complete mipmap chain is incomplete */
   if (level < 0 || level >= ST_MAX_TEXTURE_LEVELS ||
       o->image[0][level].format == PIPE_FORMAT_NONE)
      return GL_INVALID_VALUE;
   if (!st_texture_copy_complete(o, level))
      return GL_INVALID_OPERATION;
   const struct st_texture_image *img = &o->image[0][level];
   /* every face of a cube level, the same image (levels outside the
    * complete range are not checked by completeness) */
   if (target == GL_TEXTURE_CUBE_MAP) {
      for (unsigned f = 1; f < 6; f++) {
         const struct st_texture_image *fi = &o->image[f][level];
         if (fi->format != img->format || fi->width != img->width ||
             fi->height != img->height || fi->border != img->border)
            return fi->format == PIPE_FORMAT_NONE ? GL_INVALID_VALUE : GL_INVALID_OPERATION;
      }
   }
   unsigned b = (unsigned)img->border;
   s->tex = o;
   s->level = (unsigned)level;
   s->internal_format = img->internal_format;
   s->format = img->format;
   /* the stored image: borders are dropped at upload (st_texture.h) */
   s->width = (unsigned)img->width - 2 * b;
   switch (target) {
   case GL_TEXTURE_1D:
      s->height = s->depth = 1;
      break;
   case GL_TEXTURE_1D_ARRAY_EXT:
      s->height = 1;
      s->depth = (unsigned)img->height;   /* layers */
      break;
   case GL_TEXTURE_3D:
      s->height = (unsigned)img->height - 2 * b;
      s->depth = (unsigned)img->depth - 2 * b;
      break;
   case GL_TEXTURE_CUBE_MAP:
      s->height = (unsigned)img->height - 2 * b;
      s->depth = 6;
      break;
   case GL_TEXTURE_2D_ARRAY_EXT:
   case GL_TEXTURE_CUBE_MAP_ARRAY_ARB:
   case GL_TEXTURE_2D_MULTISAMPLE_ARRAY:
      s->height = (unsigned)img->height - 2 * b;
      s->depth = (unsigned)img->depth;    /* layers (layer-faces) */
      break;
   default:                               /* 2D, rectangle, 2D multisample */
      s->height = (unsigned)img->height - 2 * b;
      s->depth = 1;
      break;
   }
   s->samples = img->samples > 1 ? (unsigned)img->samples : 0;
   return 0;
}

/* The integer formats of Table 3.X.2 (GL_EXT_texture_integer's, when a
 * context has them), each with a format of its class in the texture-view
 * table (api_texview.c), which leaves them out. */
static GLenum
class_member(GLenum f)
{
   switch (f) {
   case GL_RGBA32UI: case GL_RGBA32I: return GL_RGBA32F;
   case GL_RGB32UI: case GL_RGB32I: return GL_RGB32F;
   case GL_RGBA16UI: case GL_RGBA16I: case GL_RG32UI: case GL_RG32I: return GL_RGBA16F;
   case GL_RGB16UI: case GL_RGB16I: return GL_RGB16F;
   case GL_RGBA8UI: case GL_RGBA8I: case GL_RG16UI: case GL_RG16I:
   case GL_R32UI: case GL_R32I: case GL_RGB10_A2UI: return GL_RGBA8;
   case GL_RGB8UI: case GL_RGB8I: return GL_RGB8;
   case GL_RG8UI: case GL_RG8I: case GL_R16UI: case GL_R16I: return GL_RG8;
   case GL_R8UI: case GL_R8I: return GL_R8;
   default: return f;
   }
}

/* Table 4.X.1: the texel size in bits of an uncompressed format that may
 * be copied to / from compressed blocks of that size (0: none). */
static unsigned
uncompressed_block_bits(GLenum f)
{
   switch (f) {
   case GL_RGBA32UI: case GL_RGBA32I: case GL_RGBA32F:
      return 128;
   case GL_RGBA16F: case GL_RG32F: case GL_RGBA16UI: case GL_RG32UI: case GL_RGBA16I:
   case GL_RG32I: case GL_RGBA16: case GL_RGBA16_SNORM:
      return 64;
   default:
      return 0;
   }
}

/* Table 4.X.1: the block size in bits of a compressed format that may be
 * copied to / from uncompressed texels of that size (0: none; FXT1 is
 * not in the table). */
static unsigned
compressed_block_bits(GLenum f)
{
   switch (f) {
   case GL_COMPRESSED_RGBA_S3TC_DXT3_EXT: case GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT3_EXT:
   case GL_COMPRESSED_RGBA_S3TC_DXT5_EXT: case GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT5_EXT:
   case GL_COMPRESSED_RG_RGTC2: case GL_COMPRESSED_SIGNED_RG_RGTC2:
   case GL_COMPRESSED_RGBA_BPTC_UNORM: case GL_COMPRESSED_SRGB_ALPHA_BPTC_UNORM:
   case GL_COMPRESSED_RGB_BPTC_SIGNED_FLOAT: case GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT:
      return 128;
   case GL_COMPRESSED_RGB_S3TC_DXT1_EXT: case GL_COMPRESSED_SRGB_S3TC_DXT1_EXT:
   case GL_COMPRESSED_RGBA_S3TC_DXT1_EXT: case GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT1_EXT:
   case GL_COMPRESSED_RED_RGTC1: case GL_COMPRESSED_SIGNED_RED_RGTC1:
      return 64;
   default:
      return 0;
   }
}

static bool
is_compressed(const struct copy_side *s)
{
   return util_format_is_compressed(s->format);
}

/* ARB_copy_image: "the formats are the same", or "compatible according to
 * the compatibility rules used for texture views", or one compressed and
 * one uncompressed format on one row of Table 4.X.1. */
static bool
formats_compatible(const struct copy_side *a, const struct copy_side *b)
{
   if (a->internal_format == b->internal_format)
      return true;
   bool ca = is_compressed(a), cb = is_compressed(b);
   if (ca != cb) {
      GLenum c = ca ? a->internal_format : b->internal_format;
      GLenum u = ca ? b->internal_format : a->internal_format;
      unsigned bits = compressed_block_bits(c);
      return bits && bits == uncompressed_block_bits(u);
   }
   int ka = st_texview_class(class_member(a->internal_format));
   int kb = st_texview_class(class_member(b->internal_format));
   return ka && ka == kb;
}

/* x, y, z, w, h, d against an image (region sizes in the image's texels).
 * A compressed image takes offsets on block boundaries and whole blocks,
 * or a region reaching its edge.  edge_blocks (the destination, whose
 * size is whole blocks of the source): a region may cover the image's
 * partial edge block. */
static bool
region_ok(const struct copy_side *s, GLint x, GLint y, GLint z, int64_t w, int64_t h,
          int64_t d, bool edge_blocks)
{
   if (x < 0 || y < 0 || z < 0 || w < 0 || h < 0 || d < 0)
      return false;
   const struct util_format_description *fd = util_format_description(s->format);
   unsigned bw = fd->block_width, bh = fd->block_height;
   uint64_t W = s->width, H = s->height;
   if (bw > 1 || bh > 1) {
      if ((unsigned)x % bw || (unsigned)y % bh)
         return false;
      if ((w % bw && (uint64_t)x + (uint64_t)w != W) ||
          (h % bh && (uint64_t)y + (uint64_t)h != H))
         return false;
      if (edge_blocks) {
         W = (W + bw - 1) / bw * bw;
         H = (H + bh - 1) / bh * bh;
      }
   }
   return (uint64_t)x + (uint64_t)w <= W && (uint64_t)y + (uint64_t)h <= H &&
          (uint64_t)z + (uint64_t)d <= s->depth;
}

/* The resource, level and layer of slice z of a side's image. */
static bool
slice_location(struct st_context *ctx, const struct copy_side *s, unsigned z,
               struct pipe_resource **res, unsigned *level, unsigned *layer)
{
   if (s->rb) {
      *res = s->rb->res;
      *level = 0;
      *layer = 0;
      return *res != NULL;
   }
   bool cube = s->target == GL_TEXTURE_CUBE_MAP;
   if (!st_texture_image_location(ctx, s->tex, cube ? z : 0, s->level, res, level, layer))
      return false;
   if (!cube)
      *layer += z;
   return true;
}

/* Can resource_copy_region copy between these storage formats?  The same
 * block size, or the channel-by-channel copy of plain formats that hold
 * the same channels (p_context.h). */
static bool
pipe_can_copy(enum pipe_format s, enum pipe_format d)
{
   return util_format_get_blocksize(s) == util_format_get_blocksize(d) ||
          util_format_is_channel_copy(s, d);
}

/*
 * One internal format stored in two pipe formats that hold different
 * precisions (a LUMINANCE12_ALPHA4 texture in L8A8, the renderbuffer in
 * R16G16B16A16): no bit copy exists, so the texels go through RGBA floats,
 * which keeps every value the narrower storage can hold.
 */
static void
copy_converting(struct st_context *ctx, struct pipe_resource *dst, unsigned dst_level,
                unsigned dx, unsigned dy, unsigned dz, struct pipe_resource *src,
                unsigned src_level, const struct pipe_box *box)
{
   struct pipe_context *pipe = ctx->pipe;
   struct pipe_transfer *ts = NULL, *td = NULL;
   struct pipe_box dbox = { (int)dx, (int)dy, (int)dz, box->width, box->height, 1 };
   float *row = malloc(sizeof(float) * 4 * (size_t)box->width);
   if (!row)
      return;
   const uint8_t *sm = pipe->texture_map(pipe, src, src_level, PIPE_MAP_READ, box, &ts);
   uint8_t *dm = sm ? pipe->texture_map(pipe, dst, dst_level, PIPE_MAP_WRITE, &dbox, &td)
                    : NULL;
   if (sm && dm) {
      for (int y = 0; y < box->height; y++) {
         util_format_unpack_rgba_float(src->format, row, sm + (size_t)y * ts->stride,
                                       (unsigned)box->width);
         util_format_pack_rgba_float(dst->format, dm + (size_t)y * td->stride, row,
                                     (unsigned)box->width);
      }
   }
   if (dm)
      pipe->texture_unmap(pipe, td);
   if (sm)
      pipe->texture_unmap(pipe, ts);
   free(row);
}

void GLAPIENTRY
api_glCopyImageSubData(GLuint srcName, GLenum srcTarget, GLint srcLevel, GLint srcX,
                       GLint srcY, GLint srcZ, GLuint dstName, GLenum dstTarget,
                       GLint dstLevel, GLint dstX, GLint dstY, GLint dstZ, GLsizei srcWidth,
                       GLsizei srcHeight, GLsizei srcDepth)
{
   ST_ENTRY(ctx);
   const char *name = "glCopyImageSubData";
   /* desktop GL only: ES 3.2 has the command, but no ES context here
    * offers it (the dispatch table holds it for ES 2 contexts) */
   if (!ctx->caps.ext_copy_image || ctx->profile == ST_PROFILE_GLES1 ||
       ctx->profile == ST_PROFILE_GLES2) {
      st_error(ctx, GL_INVALID_OPERATION, name);   /* as the stub would */
      return;
   }
   struct copy_side src, dst;
   GLenum err = prepare_side(ctx, srcName, srcTarget, srcLevel, &src);
   if (!err)
      err = prepare_side(ctx, dstName, dstTarget, dstLevel, &dst);
   if (err) {
      st_error(ctx, err, name);
      return;
   }

   /* the source region, then the destination's: compressed blocks count
    * as one texel of an uncompressed image and the other way round */
   const struct util_format_description *sd = util_format_description(src.format);
   const struct util_format_description *dd = util_format_description(dst.format);
   if (!region_ok(&src, srcX, srcY, srcZ, srcWidth, srcHeight, srcDepth, false)) {
      st_error(ctx, GL_INVALID_VALUE, name);
      return;
   }
   int64_t dw = ((int64_t)srcWidth + sd->block_width - 1) / sd->block_width * dd->block_width;
   int64_t dh = ((int64_t)srcHeight + sd->block_height - 1) / sd->block_height *
                dd->block_height;
   if (!region_ok(&dst, dstX, dstY, dstZ, dw, dh, srcDepth, true)) {
      st_error(ctx, GL_INVALID_VALUE, name);
      return;
   }
   if (!formats_compatible(&src, &dst)) {
      st_error(ctx, GL_INVALID_OPERATION, name);
      return;
   }
   if (src.samples != dst.samples) {
      st_error(ctx, GL_INVALID_OPERATION, name);
      return;
   }
   if (!srcWidth || !srcHeight || !srcDepth)
      return;

   /* same internal format, storage formats no bit copy joins: converting
    * copy (single-sampled only; multisample images of one internal format
    * get one storage format) */
   bool convert = !pipe_can_copy(src.format, dst.format);
   if (convert && (src.samples || is_compressed(&src) || is_compressed(&dst) ||
                   util_format_is_depth_or_stencil(src.format) ||
                   util_format_is_depth_or_stencil(dst.format)))
      return;
   for (GLsizei z = 0; z < srcDepth; z++) {
      struct pipe_resource *sres, *dres;
      unsigned slevel, slayer, dlevel, dlayer;
      if (!slice_location(ctx, &src, (unsigned)(srcZ + z), &sres, &slevel, &slayer) ||
          !slice_location(ctx, &dst, (unsigned)(dstZ + z), &dres, &dlevel, &dlayer)) {
         st_error(ctx, GL_OUT_OF_MEMORY, name);
         return;
      }
      struct pipe_box box = { srcX, srcY, (int)slayer, srcWidth, srcHeight, 1 };
      if (convert)
         copy_converting(ctx, dres, dlevel, (unsigned)dstX, (unsigned)dstY, dlayer, sres,
                         slevel, &box);
      else
         ctx->pipe->resource_copy_region(ctx->pipe, dres, dlevel, (unsigned)dstX,
                                         (unsigned)dstY, dlayer, sres, slevel, &box);
   }
}
