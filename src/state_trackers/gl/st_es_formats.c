/*
 * The format rules of OpenGL ES 2.0 and 3.0 (st_es_formats.h), one table
 * per question; a row names the ES versions that list it and the
 * extension (of those Pony offers in ES contexts, api_string.c) that adds
 * it.  Rows written from:
 *
 * - ES 3.0 section 3.8.3, table 3.2 (format, type and sized internal
 *   format) and table 3.3 (unsized internal formats); ES 2.0 section 3.7.1
 *   and its table 3.4 (internalformat must equal format, so only the
 *   unsized rows); OES_depth_texture (DEPTH_COMPONENT with UNSIGNED_SHORT
 *   or UNSIGNED_INT) and OES_packed_depth_stencil (DEPTH_STENCIL with
 *   UNSIGNED_INT_24_8), both offered in ES 2.0 and 3.0;
 * - OES_required_internalformat (offered in ES 2.0 and 3.0): the sized
 *   formats of the same data (RGBA8, RGB565, ALPHA8, LUMINANCE8, ...);
 * - ES 3.0 section 4.4.2 / table 3.13 (renderable formats), ES 2.0
 *   section 4.4.3 with OES_rgb8_rgba8, OES_depth24 and
 *   OES_packed_depth_stencil;
 * - ES 3.0 section 3.8.5 / table 3.15 and the glCopyTexImage2D format
 *   list, ES 2.0 section 3.7.2;
 * - ES 3.0 section 4.3.2 and ES 2.0 section 4.3.1 (glReadPixels: one pair
 *   per kind of colour buffer and the implementation's pair, which is
 *   RGBA / UNSIGNED_BYTE here, api_get.c).
 */
#include "st_es_formats.h"

#include "format/u_format.h"
#include "st_texture.h"

#define V2 0x1    /* listed by ES 2.0 */
#define V3 0x2    /* listed by ES 3.0 */
#define V23 (V2 | V3)
#define PDS 0x4   /* added by GL_OES_packed_depth_stencil */

static bool
row_offered(const struct st_context *ctx, unsigned flags)
{
   if (!(flags & (st_es3(ctx) ? V3 : V2)))
      return false;
   return !(flags & PDS) || ctx->caps.ext_packed_depth_stencil;
}

/* --- glTexImage / glTexSubImage ------------------------------------------------ */

struct tex_row {
   GLenum ifmt, format, type;
   unsigned flags;
};

static const struct tex_row tex_rows[] = {
   /* ES 3.0 table 3.3 (ES 2.0 table 3.4): unsized formats */
   { GL_RGBA, GL_RGBA, GL_UNSIGNED_BYTE, V23 },
   { GL_RGBA, GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4, V23 },
   { GL_RGBA, GL_RGBA, GL_UNSIGNED_SHORT_5_5_5_1, V23 },
   { GL_RGB, GL_RGB, GL_UNSIGNED_BYTE, V23 },
   { GL_RGB, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, V23 },
   { GL_LUMINANCE_ALPHA, GL_LUMINANCE_ALPHA, GL_UNSIGNED_BYTE, V23 },
   { GL_LUMINANCE, GL_LUMINANCE, GL_UNSIGNED_BYTE, V23 },
   { GL_ALPHA, GL_ALPHA, GL_UNSIGNED_BYTE, V23 },
   /* OES_depth_texture, OES_packed_depth_stencil */
   { GL_DEPTH_COMPONENT, GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, V23 },
   { GL_DEPTH_COMPONENT, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, V23 },
   { GL_DEPTH_STENCIL, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, V23 | PDS },
   /* OES_required_internalformat (offered in ES 2.0 and 3.0): sized formats
    * for the same data; ES 3.0 has the RGB(A) ones in table 3.2 */
   { GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, V2 },
   { GL_RGB5_A1, GL_RGBA, GL_UNSIGNED_BYTE, V2 },
   { GL_RGBA4, GL_RGBA, GL_UNSIGNED_BYTE, V2 },
   { GL_RGBA4, GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4, V2 },
   { GL_RGB5_A1, GL_RGBA, GL_UNSIGNED_SHORT_5_5_5_1, V2 },
   { GL_RGB8, GL_RGB, GL_UNSIGNED_BYTE, V2 },
   { GL_RGB565, GL_RGB, GL_UNSIGNED_BYTE, V2 },
   { GL_RGB565, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, V2 },
   { GL_LUMINANCE8_ALPHA8, GL_LUMINANCE_ALPHA, GL_UNSIGNED_BYTE, V23 },
   { GL_LUMINANCE4_ALPHA4, GL_LUMINANCE_ALPHA, GL_UNSIGNED_BYTE, V23 },
   { GL_LUMINANCE8, GL_LUMINANCE, GL_UNSIGNED_BYTE, V23 },
   { GL_ALPHA8, GL_ALPHA, GL_UNSIGNED_BYTE, V23 },
   { GL_DEPTH_COMPONENT16, GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, V2 },
   { GL_DEPTH_COMPONENT16, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, V2 },
   { GL_DEPTH_COMPONENT24, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, V2 },   /* OES_depth24 */
   { GL_DEPTH24_STENCIL8, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, V2 | PDS },

   /* ES 3.0 table 3.2: sized formats */
   { GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, V3 },
   { GL_RGB5_A1, GL_RGBA, GL_UNSIGNED_BYTE, V3 },
   { GL_RGBA4, GL_RGBA, GL_UNSIGNED_BYTE, V3 },
   { GL_SRGB8_ALPHA8, GL_RGBA, GL_UNSIGNED_BYTE, V3 },
   { GL_RGBA8_SNORM, GL_RGBA, GL_BYTE, V3 },
   { GL_RGBA4, GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4, V3 },
   { GL_RGB5_A1, GL_RGBA, GL_UNSIGNED_SHORT_5_5_5_1, V3 },
   { GL_RGB10_A2, GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV, V3 },
   { GL_RGB5_A1, GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV, V3 },
   { GL_RGBA16F, GL_RGBA, GL_HALF_FLOAT, V3 },
   { GL_RGBA32F, GL_RGBA, GL_FLOAT, V3 },
   { GL_RGBA16F, GL_RGBA, GL_FLOAT, V3 },
   { GL_RGBA8UI, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, V3 },
   { GL_RGBA8I, GL_RGBA_INTEGER, GL_BYTE, V3 },
   { GL_RGBA16UI, GL_RGBA_INTEGER, GL_UNSIGNED_SHORT, V3 },
   { GL_RGBA16I, GL_RGBA_INTEGER, GL_SHORT, V3 },
   { GL_RGBA32UI, GL_RGBA_INTEGER, GL_UNSIGNED_INT, V3 },
   { GL_RGBA32I, GL_RGBA_INTEGER, GL_INT, V3 },
   { GL_RGB10_A2UI, GL_RGBA_INTEGER, GL_UNSIGNED_INT_2_10_10_10_REV, V3 },
   { GL_RGB8, GL_RGB, GL_UNSIGNED_BYTE, V3 },
   { GL_RGB565, GL_RGB, GL_UNSIGNED_BYTE, V3 },
   { GL_SRGB8, GL_RGB, GL_UNSIGNED_BYTE, V3 },
   { GL_RGB8_SNORM, GL_RGB, GL_BYTE, V3 },
   { GL_RGB565, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, V3 },
   { GL_R11F_G11F_B10F, GL_RGB, GL_UNSIGNED_INT_10F_11F_11F_REV, V3 },
   { GL_RGB9_E5, GL_RGB, GL_UNSIGNED_INT_5_9_9_9_REV, V3 },
   { GL_RGB16F, GL_RGB, GL_HALF_FLOAT, V3 },
   { GL_R11F_G11F_B10F, GL_RGB, GL_HALF_FLOAT, V3 },
   { GL_RGB9_E5, GL_RGB, GL_HALF_FLOAT, V3 },
   { GL_RGB32F, GL_RGB, GL_FLOAT, V3 },
   { GL_RGB16F, GL_RGB, GL_FLOAT, V3 },
   { GL_R11F_G11F_B10F, GL_RGB, GL_FLOAT, V3 },
   { GL_RGB9_E5, GL_RGB, GL_FLOAT, V3 },
   { GL_RGB8UI, GL_RGB_INTEGER, GL_UNSIGNED_BYTE, V3 },
   { GL_RGB8I, GL_RGB_INTEGER, GL_BYTE, V3 },
   { GL_RGB16UI, GL_RGB_INTEGER, GL_UNSIGNED_SHORT, V3 },
   { GL_RGB16I, GL_RGB_INTEGER, GL_SHORT, V3 },
   { GL_RGB32UI, GL_RGB_INTEGER, GL_UNSIGNED_INT, V3 },
   { GL_RGB32I, GL_RGB_INTEGER, GL_INT, V3 },
   { GL_RG8, GL_RG, GL_UNSIGNED_BYTE, V3 },
   { GL_RG8_SNORM, GL_RG, GL_BYTE, V3 },
   { GL_RG16F, GL_RG, GL_HALF_FLOAT, V3 },
   { GL_RG32F, GL_RG, GL_FLOAT, V3 },
   { GL_RG16F, GL_RG, GL_FLOAT, V3 },
   { GL_RG8UI, GL_RG_INTEGER, GL_UNSIGNED_BYTE, V3 },
   { GL_RG8I, GL_RG_INTEGER, GL_BYTE, V3 },
   { GL_RG16UI, GL_RG_INTEGER, GL_UNSIGNED_SHORT, V3 },
   { GL_RG16I, GL_RG_INTEGER, GL_SHORT, V3 },
   { GL_RG32UI, GL_RG_INTEGER, GL_UNSIGNED_INT, V3 },
   { GL_RG32I, GL_RG_INTEGER, GL_INT, V3 },
   { GL_R8, GL_RED, GL_UNSIGNED_BYTE, V3 },
   { GL_R8_SNORM, GL_RED, GL_BYTE, V3 },
   { GL_R16F, GL_RED, GL_HALF_FLOAT, V3 },
   { GL_R32F, GL_RED, GL_FLOAT, V3 },
   { GL_R16F, GL_RED, GL_FLOAT, V3 },
   { GL_R8UI, GL_RED_INTEGER, GL_UNSIGNED_BYTE, V3 },
   { GL_R8I, GL_RED_INTEGER, GL_BYTE, V3 },
   { GL_R16UI, GL_RED_INTEGER, GL_UNSIGNED_SHORT, V3 },
   { GL_R16I, GL_RED_INTEGER, GL_SHORT, V3 },
   { GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT, V3 },
   { GL_R32I, GL_RED_INTEGER, GL_INT, V3 },
   { GL_DEPTH_COMPONENT16, GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, V3 },
   { GL_DEPTH_COMPONENT24, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, V3 },
   { GL_DEPTH_COMPONENT16, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, V3 },
   { GL_DEPTH_COMPONENT32F, GL_DEPTH_COMPONENT, GL_FLOAT, V3 },
   { GL_DEPTH24_STENCIL8, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, V3 },
   { GL_DEPTH32F_STENCIL8, GL_DEPTH_STENCIL, GL_FLOAT_32_UNSIGNED_INT_24_8_REV, V3 },
};

#define TEX_IFMT 0
#define TEX_FORMAT 1
#define TEX_TYPE 2

/* Does an offered row name e in column col? */
static bool
tex_enum_known(const struct st_context *ctx, unsigned col, GLenum e)
{
   for (unsigned i = 0; i < sizeof tex_rows / sizeof tex_rows[0]; i++) {
      const struct tex_row *r = &tex_rows[i];
      GLenum v = col == TEX_IFMT ? r->ifmt : col == TEX_FORMAT ? r->format : r->type;
      if (v == e && row_offered(ctx, r->flags))
         return true;
   }
   return false;
}

static bool
tex_row_offered(const struct st_context *ctx, GLenum ifmt, GLenum format, GLenum type)
{
   for (unsigned i = 0; i < sizeof tex_rows / sizeof tex_rows[0]; i++) {
      const struct tex_row *r = &tex_rows[i];
      if (r->ifmt == ifmt && r->format == format && r->type == type &&
          row_offered(ctx, r->flags))
         return true;
   }
   return false;
}

/* format and type: enums of ES (GL_INVALID_ENUM otherwise, sec 2.5) */
static GLenum
data_enums_error(const struct st_context *ctx, GLenum format, GLenum type)
{
   if (!tex_enum_known(ctx, TEX_FORMAT, format) || !tex_enum_known(ctx, TEX_TYPE, type))
      return GL_INVALID_ENUM;
   return GL_NO_ERROR;
}

GLenum
st_es_teximage_error(const struct st_context *ctx, GLenum internalformat, GLenum format,
                     GLenum type)
{
   if (st_tex_format_is_compressed(internalformat) &&
       st_tex_format_allowed(ctx, internalformat))
      return GL_NO_ERROR;   /* the compressed formats' own rules (api_texture.c) */
   GLenum err = data_enums_error(ctx, format, type);
   if (err)
      return err;
   if (!tex_enum_known(ctx, TEX_IFMT, internalformat))
      return GL_INVALID_VALUE;   /* ES 3.0 3.8.3, ES 2.0 3.7.1 */
   return tex_row_offered(ctx, internalformat, format, type) ? GL_NO_ERROR
                                                             : GL_INVALID_OPERATION;
}

GLenum
st_es_texsubimage_error(const struct st_context *ctx, GLenum ifmt, GLenum base, GLenum format,
                        GLenum type)
{
   GLenum err = data_enums_error(ctx, format, type);
   if (err)
      return err;
   /* an image of an internal format the tables do not name (an EGL image,
    * ES 2.0's sized renderbuffer-only formats): its unsized rows */
   GLenum f = tex_enum_known(ctx, TEX_IFMT, ifmt) ? ifmt : base;
   return tex_row_offered(ctx, f, format, type) ? GL_NO_ERROR : GL_INVALID_OPERATION;
}

bool
st_es_storage_format_ok(const struct st_context *ctx, GLenum internalformat)
{
   if (!st_es3(ctx))
      return false;
   for (unsigned i = 0; i < sizeof tex_rows / sizeof tex_rows[0]; i++) {
      const struct tex_row *r = &tex_rows[i];
      if (r->ifmt == internalformat && r->flags == V3)
         return true;   /* the sized rows: ES 3.0's alone */
   }
   return false;
}

/* --- glRenderbufferStorage -------------------------------------------------------- */

struct rb_row {
   GLenum ifmt;
   unsigned flags;
};

static const struct rb_row rb_rows[] = {
   /* ES 2.0 4.4.3, and table 3.13's renderable formats of ES 3.0 */
   { GL_RGBA4, V23 }, { GL_RGB5_A1, V23 }, { GL_RGB565, V23 },
   { GL_DEPTH_COMPONENT16, V23 }, { GL_STENCIL_INDEX8, V23 },
   /* OES_rgb8_rgba8, OES_depth24 (core in ES 3.0) */
   { GL_RGB8, V23 }, { GL_RGBA8, V23 }, { GL_DEPTH_COMPONENT24, V23 },
   /* OES_packed_depth_stencil (core in ES 3.0) */
   { GL_DEPTH24_STENCIL8, V2 | PDS }, { GL_DEPTH24_STENCIL8, V3 },
   /* ES 3.0 */
   { GL_R8, V3 }, { GL_RG8, V3 }, { GL_RGB10_A2, V3 }, { GL_RGB10_A2UI, V3 },
   { GL_SRGB8_ALPHA8, V3 },
   { GL_R8I, V3 }, { GL_R8UI, V3 }, { GL_R16I, V3 }, { GL_R16UI, V3 },
   { GL_R32I, V3 }, { GL_R32UI, V3 },
   { GL_RG8I, V3 }, { GL_RG8UI, V3 }, { GL_RG16I, V3 }, { GL_RG16UI, V3 },
   { GL_RG32I, V3 }, { GL_RG32UI, V3 },
   { GL_RGBA8I, V3 }, { GL_RGBA8UI, V3 }, { GL_RGBA16I, V3 }, { GL_RGBA16UI, V3 },
   { GL_RGBA32I, V3 }, { GL_RGBA32UI, V3 },
   { GL_DEPTH_COMPONENT32F, V3 }, { GL_DEPTH32F_STENCIL8, V3 },
};

bool
st_es_renderbuffer_format_ok(const struct st_context *ctx, GLenum internalformat)
{
   for (unsigned i = 0; i < sizeof rb_rows / sizeof rb_rows[0]; i++)
      if (rb_rows[i].ifmt == internalformat && row_offered(ctx, rb_rows[i].flags))
         return true;
   return false;
}

/* --- glCopyTexImage2D ---------------------------------------------------------------- */

#define C_R 0x1
#define C_G 0x2
#define C_B 0x4
#define C_A 0x8

enum copy_kind { K_NORM, K_SRGB, K_UINT, K_SINT, K_FLOAT };

struct copy_row {
   GLenum ifmt;
   unsigned comps;      /* components it takes from the read buffer (table 3.15) */
   enum copy_kind kind;
   unsigned bits;       /* integer formats: bits of each component (0: any) */
   unsigned flags;
};

static const struct copy_row copy_rows[] = {
   /* ES 2.0 3.7.2 (table 3.9), ES 3.0 table 3.3's unsized formats */
   { GL_ALPHA, C_A, K_NORM, 0, V23 },
   { GL_LUMINANCE, C_R, K_NORM, 0, V23 },
   { GL_LUMINANCE_ALPHA, C_R | C_A, K_NORM, 0, V23 },
   { GL_RGB, C_R | C_G | C_B, K_NORM, 0, V23 },
   { GL_RGBA, C_R | C_G | C_B | C_A, K_NORM, 0, V23 },
   /* OES_required_internalformat (ES 2.0 and 3.0): its sized colour
    * formats as copy destinations too; ES 3.0 lists the RGB(A) ones below */
   { GL_ALPHA8, C_A, K_NORM, 0, V23 },
   { GL_LUMINANCE8, C_R, K_NORM, 0, V23 },
   { GL_LUMINANCE8_ALPHA8, C_R | C_A, K_NORM, 0, V23 },
   { GL_LUMINANCE4_ALPHA4, C_R | C_A, K_NORM, 0, V23 },
   { GL_RGB565, C_R | C_G | C_B, K_NORM, 0, V2 },
   { GL_RGB8, C_R | C_G | C_B, K_NORM, 0, V2 },
   { GL_RGBA4, C_R | C_G | C_B | C_A, K_NORM, 0, V2 },
   { GL_RGB5_A1, C_R | C_G | C_B | C_A, K_NORM, 0, V2 },
   { GL_RGBA8, C_R | C_G | C_B | C_A, K_NORM, 0, V2 },
   /* ES 3.0 3.8.5: the sized formats glCopyTexImage2D takes */
   { GL_R8, C_R, K_NORM, 0, V3 },
   { GL_RG8, C_R | C_G, K_NORM, 0, V3 },
   { GL_RGB565, C_R | C_G | C_B, K_NORM, 0, V3 },
   { GL_RGB8, C_R | C_G | C_B, K_NORM, 0, V3 },
   { GL_RGBA4, C_R | C_G | C_B | C_A, K_NORM, 0, V3 },
   { GL_RGB5_A1, C_R | C_G | C_B | C_A, K_NORM, 0, V3 },
   { GL_RGBA8, C_R | C_G | C_B | C_A, K_NORM, 0, V3 },
   { GL_RGB10_A2, C_R | C_G | C_B | C_A, K_NORM, 0, V3 },
   { GL_SRGB8, C_R | C_G | C_B, K_SRGB, 0, V3 },
   { GL_SRGB8_ALPHA8, C_R | C_G | C_B | C_A, K_SRGB, 0, V3 },
   { GL_R8I, C_R, K_SINT, 8, V3 },
   { GL_R8UI, C_R, K_UINT, 8, V3 },
   { GL_R16I, C_R, K_SINT, 16, V3 },
   { GL_R16UI, C_R, K_UINT, 16, V3 },
   { GL_R32I, C_R, K_SINT, 32, V3 },
   { GL_R32UI, C_R, K_UINT, 32, V3 },
   { GL_RG8I, C_R | C_G, K_SINT, 8, V3 },
   { GL_RG8UI, C_R | C_G, K_UINT, 8, V3 },
   { GL_RG16I, C_R | C_G, K_SINT, 16, V3 },
   { GL_RG16UI, C_R | C_G, K_UINT, 16, V3 },
   { GL_RG32I, C_R | C_G, K_SINT, 32, V3 },
   { GL_RG32UI, C_R | C_G, K_UINT, 32, V3 },
   { GL_RGBA8I, C_R | C_G | C_B | C_A, K_SINT, 8, V3 },
   { GL_RGBA8UI, C_R | C_G | C_B | C_A, K_UINT, 8, V3 },
   { GL_RGB10_A2UI, C_R | C_G | C_B | C_A, K_UINT, 10, V3 },
   { GL_RGBA16I, C_R | C_G | C_B | C_A, K_SINT, 16, V3 },
   { GL_RGBA16UI, C_R | C_G | C_B | C_A, K_UINT, 16, V3 },
   { GL_RGBA32I, C_R | C_G | C_B | C_A, K_SINT, 32, V3 },
   { GL_RGBA32UI, C_R | C_G | C_B | C_A, K_UINT, 32, V3 },
};

/* The components of a colour buffer: its attachment's base format, or
 * (window-system buffers) the channels its pipe format stores. */
static unsigned
read_components(const struct util_format_description *d, GLenum base)
{
   switch (base) {
   case GL_RED: return C_R;
   case GL_RG: return C_R | C_G;
   case GL_RGB: return C_R | C_G | C_B;
   case GL_RGBA: return C_R | C_G | C_B | C_A;
   case GL_ALPHA: return C_A;
   case GL_LUMINANCE: return C_R;
   case GL_LUMINANCE_ALPHA: return C_R | C_A;
   default: break;
   }
   unsigned c = 0;
   for (unsigned i = 0; i < 4; i++)
      if (d->swizzle[i] < 4)
         c |= 1u << i;
   return c;
}

static enum copy_kind
read_kind(const struct util_format_description *d)
{
   if (d->is_pure_integer)
      return d->channel[0].type == UTIL_FORMAT_TYPE_SINT ? K_SINT : K_UINT;
   if (d->layout == UTIL_FORMAT_LAYOUT_OTHER || d->channel[0].type == UTIL_FORMAT_TYPE_FLOAT)
      return K_FLOAT;
   return d->is_srgb ? K_SRGB : K_NORM;
}

GLenum
st_es_copyteximage_error(const struct st_context *ctx, GLenum internalformat,
                         enum pipe_format read_format, GLenum read_base)
{
   const struct copy_row *row = NULL;
   for (unsigned i = 0; i < sizeof copy_rows / sizeof copy_rows[0]; i++)
      if (copy_rows[i].ifmt == internalformat && row_offered(ctx, copy_rows[i].flags))
         row = &copy_rows[i];
   if (!row) {
      /* ES 3.0: a texture format the command does not copy into (depth,
       * float, snorm, RGB integer, compressed) is an operation error */
      if (st_es3(ctx) && (tex_enum_known(ctx, TEX_IFMT, internalformat) ||
                          (st_tex_format_is_compressed(internalformat) &&
                           st_tex_format_allowed(ctx, internalformat))))
         return GL_INVALID_OPERATION;
      return GL_INVALID_ENUM;
   }
   if (read_format == PIPE_FORMAT_NONE)
      return GL_INVALID_OPERATION;
   const struct util_format_description *d = util_format_description(read_format);
   if (!d || (row->comps & ~read_components(d, read_base)))
      return GL_INVALID_OPERATION;   /* table 3.15: components it lacks */
   enum copy_kind k = read_kind(d);
   bool row_int = row->kind == K_UINT || row->kind == K_SINT;
   bool read_int = k == K_UINT || k == K_SINT;
   if (row_int || read_int) {
      /* integer to integer of the same signedness and component size */
      if (row->kind != k || (row->bits && d->channel[0].size != row->bits))
         return GL_INVALID_OPERATION;
      return GL_NO_ERROR;
   }
   if (k == K_FLOAT)
      return GL_INVALID_OPERATION;   /* no floating-point formats to copy into */
   if (st_es3(ctx) && row->kind != k && internalformat != GL_RGB && internalformat != GL_RGBA &&
       internalformat != GL_ALPHA && internalformat != GL_LUMINANCE &&
       internalformat != GL_LUMINANCE_ALPHA)
      return GL_INVALID_OPERATION;   /* sRGB and linear encodings do not mix */
   return GL_NO_ERROR;
}

/* --- glReadPixels ------------------------------------------------------------------ */

GLenum
st_es_readpixels_error(const struct st_context *ctx, GLenum format, GLenum type,
                       enum pipe_format read_format)
{
   GLenum err = data_enums_error(ctx, format, type);
   if (err)
      return err;
   if (read_format == PIPE_FORMAT_NONE)
      return GL_INVALID_OPERATION;
   const struct util_format_description *d = util_format_description(read_format);
   enum copy_kind k = d ? read_kind(d) : K_NORM;
   if (k == K_UINT || k == K_SINT) {
      /* ES 3.0: RGBA_INTEGER with INT / UNSIGNED_INT after the buffer */
      if (format == GL_RGBA_INTEGER && type == (k == K_SINT ? GL_INT : GL_UNSIGNED_INT))
         return GL_NO_ERROR;
      return GL_INVALID_OPERATION;
   }
   if (format != GL_RGBA)
      return GL_INVALID_OPERATION;
   if (type == GL_UNSIGNED_BYTE)   /* fixed point, and the implementation's pair */
      return GL_NO_ERROR;
   if (k == K_FLOAT && type == GL_FLOAT)
      return GL_NO_ERROR;
   /* RGB10_A2 buffers: their packed type */
   if (d && type == GL_UNSIGNED_INT_2_10_10_10_REV && d->channel[0].size == 10 &&
       d->channel[3].size == 2)
      return GL_NO_ERROR;
   return GL_INVALID_OPERATION;
}
