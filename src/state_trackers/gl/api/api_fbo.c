/*
 * Framebuffer objects and renderbuffers (GL_ARB_framebuffer_object and
 * GL_EXT_framebuffer_object entry points), glDrawBuffers, and
 * glBlitFramebuffer.  The objects and the completeness rules are in
 * st_fbo.c.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "format/u_format.h"
#include "pipe/p_context.h"
#include "pipe/p_screen.h"
#include "api.h"
#include "st_context.h"
#include "st_es_formats.h"
#include "st_fbo.h"
#include "st_framebuffer.h"
#include "st_texture.h"
#include "util/u_inlines.h"
#include "util/u_math.h"

/* --- renderbuffer formats ------------------------------------------------------ */

struct rb_format {
   GLenum internal_format;
   GLenum base;
   enum pipe_format formats[3];      /* candidates, best first */
};

#define F(a) PIPE_FORMAT_##a
static const struct rb_format rb_formats[] = {
   { GL_RGB, GL_RGB, { F(R8G8B8X8_UNORM), F(B8G8R8X8_UNORM), F(R8G8B8A8_UNORM) } },
   { GL_R3_G3_B2, GL_RGB, { F(R8G8B8X8_UNORM), F(B8G8R8X8_UNORM), F(R8G8B8A8_UNORM) } },
   { GL_RGB4, GL_RGB, { F(R8G8B8X8_UNORM), F(B8G8R8X8_UNORM), F(R8G8B8A8_UNORM) } },
   { GL_RGB5, GL_RGB, { F(R8G8B8X8_UNORM), F(B8G8R8X8_UNORM), F(R8G8B8A8_UNORM) } },
   { GL_RGB8, GL_RGB, { F(R8G8B8X8_UNORM), F(B8G8R8X8_UNORM), F(R8G8B8A8_UNORM) } },
   { GL_RGB10, GL_RGB, { F(R16G16B16A16_UNORM), F(R8G8B8X8_UNORM), F(R8G8B8A8_UNORM) } },
   { GL_RGB12, GL_RGB, { F(R16G16B16A16_UNORM), F(R8G8B8X8_UNORM), F(R8G8B8A8_UNORM) } },
   { GL_RGB16, GL_RGB, { F(R16G16B16A16_UNORM), F(R8G8B8X8_UNORM), F(R8G8B8A8_UNORM) } },
   { GL_RGBA, GL_RGBA, { F(R8G8B8A8_UNORM), F(B8G8R8A8_UNORM), F(NONE) } },
   { GL_RGBA2, GL_RGBA, { F(R8G8B8A8_UNORM), F(B8G8R8A8_UNORM), F(NONE) } },
   { GL_RGBA4, GL_RGBA, { F(R8G8B8A8_UNORM), F(B8G8R8A8_UNORM), F(NONE) } },
   { GL_RGB5_A1, GL_RGBA, { F(R8G8B8A8_UNORM), F(B8G8R8A8_UNORM), F(NONE) } },
   { GL_RGBA8, GL_RGBA, { F(R8G8B8A8_UNORM), F(B8G8R8A8_UNORM), F(NONE) } },
   { GL_RGB10_A2, GL_RGBA, { F(R10G10B10A2_UNORM), F(R16G16B16A16_UNORM), F(R8G8B8A8_UNORM) } },
   { GL_RGBA12, GL_RGBA, { F(R16G16B16A16_UNORM), F(R8G8B8A8_UNORM), F(NONE) } },
   { GL_RGBA16, GL_RGBA, { F(R16G16B16A16_UNORM), F(R8G8B8A8_UNORM), F(NONE) } },
   { GL_ALPHA, GL_ALPHA, { F(A8_UNORM), F(R8G8B8A8_UNORM), F(NONE) } },
   { GL_ALPHA4, GL_ALPHA, { F(A8_UNORM), F(R8G8B8A8_UNORM), F(NONE) } },
   { GL_ALPHA8, GL_ALPHA, { F(A8_UNORM), F(R8G8B8A8_UNORM), F(NONE) } },
   { GL_ALPHA12, GL_ALPHA, { F(A16_UNORM), F(R16G16B16A16_UNORM), F(R8G8B8A8_UNORM) } },
   { GL_ALPHA16, GL_ALPHA, { F(A16_UNORM), F(R16G16B16A16_UNORM), F(R8G8B8A8_UNORM) } },
   /* ARB_framebuffer_object: LUMINANCE, LUMINANCE_ALPHA, INTENSITY are
    * colour-renderable too (stored as textures of those formats are) */
   { GL_LUMINANCE, GL_LUMINANCE, { F(L8_UNORM), F(R8G8B8X8_UNORM), F(R8G8B8A8_UNORM) } },
   { GL_LUMINANCE4, GL_LUMINANCE, { F(L8_UNORM), F(R8G8B8X8_UNORM), F(R8G8B8A8_UNORM) } },
   { GL_LUMINANCE8, GL_LUMINANCE, { F(L8_UNORM), F(R8G8B8X8_UNORM), F(R8G8B8A8_UNORM) } },
   { GL_LUMINANCE12, GL_LUMINANCE, { F(L16_UNORM), F(L8_UNORM), F(R8G8B8A8_UNORM) } },
   { GL_LUMINANCE16, GL_LUMINANCE, { F(L16_UNORM), F(L8_UNORM), F(R8G8B8A8_UNORM) } },
   { GL_LUMINANCE_ALPHA, GL_LUMINANCE_ALPHA, { F(L8A8_UNORM), F(R8G8B8A8_UNORM), F(NONE) } },
   { GL_LUMINANCE4_ALPHA4, GL_LUMINANCE_ALPHA, { F(L8A8_UNORM), F(R8G8B8A8_UNORM), F(NONE) } },
   { GL_LUMINANCE6_ALPHA2, GL_LUMINANCE_ALPHA, { F(L8A8_UNORM), F(R8G8B8A8_UNORM), F(NONE) } },
   { GL_LUMINANCE8_ALPHA8, GL_LUMINANCE_ALPHA, { F(L8A8_UNORM), F(R8G8B8A8_UNORM), F(NONE) } },
   { GL_LUMINANCE12_ALPHA4, GL_LUMINANCE_ALPHA,
     { F(R16G16B16A16_UNORM), F(L8A8_UNORM), F(R8G8B8A8_UNORM) } },
   { GL_LUMINANCE12_ALPHA12, GL_LUMINANCE_ALPHA,
     { F(R16G16B16A16_UNORM), F(L8A8_UNORM), F(R8G8B8A8_UNORM) } },
   { GL_LUMINANCE16_ALPHA16, GL_LUMINANCE_ALPHA,
     { F(R16G16B16A16_UNORM), F(L8A8_UNORM), F(R8G8B8A8_UNORM) } },
   { GL_INTENSITY, GL_INTENSITY, { F(I8_UNORM), F(R8G8B8A8_UNORM), F(NONE) } },
   { GL_INTENSITY4, GL_INTENSITY, { F(I8_UNORM), F(R8G8B8A8_UNORM), F(NONE) } },
   { GL_INTENSITY8, GL_INTENSITY, { F(I8_UNORM), F(R8G8B8A8_UNORM), F(NONE) } },
   { GL_INTENSITY12, GL_INTENSITY, { F(I8_UNORM), F(R16G16B16A16_UNORM), F(NONE) } },
   { GL_INTENSITY16, GL_INTENSITY, { F(I8_UNORM), F(R16G16B16A16_UNORM), F(NONE) } },
   { GL_DEPTH_COMPONENT, GL_DEPTH_COMPONENT, { F(Z24X8_UNORM), F(Z24_UNORM_S8_UINT), F(Z32_UNORM) } },
   { GL_DEPTH_COMPONENT16, GL_DEPTH_COMPONENT, { F(Z16_UNORM), F(Z24X8_UNORM), F(Z32_UNORM) } },
   { GL_DEPTH_COMPONENT24, GL_DEPTH_COMPONENT, { F(Z24X8_UNORM), F(Z24_UNORM_S8_UINT), F(Z32_UNORM) } },
   { GL_DEPTH_COMPONENT32, GL_DEPTH_COMPONENT, { F(Z32_UNORM), F(Z32_FLOAT), F(Z24X8_UNORM) } },
   { GL_STENCIL_INDEX, GL_STENCIL_INDEX, { F(S8_UINT), F(Z24_UNORM_S8_UINT), F(NONE) } },
   { GL_STENCIL_INDEX1, GL_STENCIL_INDEX, { F(S8_UINT), F(Z24_UNORM_S8_UINT), F(NONE) } },
   { GL_STENCIL_INDEX4, GL_STENCIL_INDEX, { F(S8_UINT), F(Z24_UNORM_S8_UINT), F(NONE) } },
   { GL_STENCIL_INDEX8, GL_STENCIL_INDEX, { F(S8_UINT), F(Z24_UNORM_S8_UINT), F(NONE) } },
   { GL_STENCIL_INDEX16, GL_STENCIL_INDEX, { F(S8_UINT), F(Z24_UNORM_S8_UINT), F(NONE) } },
   /* GL_ARB_texture_rg */
   { GL_RED, GL_RED, { F(R8_UNORM), F(R8G8_UNORM), F(R8G8B8A8_UNORM) } },
   { GL_R8, GL_RED, { F(R8_UNORM), F(R8G8_UNORM), F(R8G8B8A8_UNORM) } },
   { GL_R16, GL_RED, { F(R16_UNORM), F(R16G16B16A16_UNORM), F(NONE) } },
   { GL_RG, GL_RG, { F(R8G8_UNORM), F(R8G8B8A8_UNORM), F(NONE) } },
   { GL_RG8, GL_RG, { F(R8G8_UNORM), F(R8G8B8A8_UNORM), F(NONE) } },
   { GL_RG16, GL_RG, { F(R16G16_UNORM), F(R16G16B16A16_UNORM), F(NONE) } },
   /* GL_ARB_texture_float (R/RG ones also with GL_ARB_texture_rg) */
   { GL_RGBA32F, GL_RGBA, { F(R32G32B32A32_FLOAT), F(NONE), F(NONE) } },
   { GL_RGBA16F, GL_RGBA, { F(R16G16B16A16_FLOAT), F(R32G32B32A32_FLOAT), F(NONE) } },
   { GL_RGB32F, GL_RGB, { F(R32G32B32A32_FLOAT), F(NONE), F(NONE) } },
   { GL_RGB16F, GL_RGB, { F(R16G16B16X16_FLOAT), F(R16G16B16A16_FLOAT), F(R32G32B32A32_FLOAT) } },
   { GL_R32F, GL_RED, { F(R32_FLOAT), F(R32G32B32A32_FLOAT), F(NONE) } },
   { GL_R16F, GL_RED, { F(R16_FLOAT), F(R32_FLOAT), F(NONE) } },
   { GL_RG32F, GL_RG, { F(R32G32_FLOAT), F(R32G32B32A32_FLOAT), F(NONE) } },
   { GL_RG16F, GL_RG, { F(R16G16_FLOAT), F(R32G32_FLOAT), F(NONE) } },
   /* GL_ARB_texture_float's alpha, luminance and intensity formats, in
    * RGBA float storage (the base format selecting components, as the
    * snorm ones below); ARB_framebuffer_object makes these bases
    * colour-renderable */
   { GL_ALPHA16F_ARB, GL_ALPHA, { F(R16G16B16A16_FLOAT), F(R32G32B32A32_FLOAT), F(NONE) } },
   { GL_ALPHA32F_ARB, GL_ALPHA, { F(R32G32B32A32_FLOAT), F(NONE), F(NONE) } },
   { GL_LUMINANCE16F_ARB, GL_LUMINANCE, { F(R16G16B16A16_FLOAT), F(R32G32B32A32_FLOAT), F(NONE) } },
   { GL_LUMINANCE32F_ARB, GL_LUMINANCE, { F(R32G32B32A32_FLOAT), F(NONE), F(NONE) } },
   { GL_LUMINANCE_ALPHA16F_ARB, GL_LUMINANCE_ALPHA,
     { F(R16G16B16A16_FLOAT), F(R32G32B32A32_FLOAT), F(NONE) } },
   { GL_LUMINANCE_ALPHA32F_ARB, GL_LUMINANCE_ALPHA, { F(R32G32B32A32_FLOAT), F(NONE), F(NONE) } },
   { GL_INTENSITY16F_ARB, GL_INTENSITY, { F(R16G16B16A16_FLOAT), F(R32G32B32A32_FLOAT), F(NONE) } },
   { GL_INTENSITY32F_ARB, GL_INTENSITY, { F(R32G32B32A32_FLOAT), F(NONE), F(NONE) } },
   /* GL_EXT_texture_shared_exponent: a base-RGB format, so glRenderbufferStorage
    * takes it (EXT_framebuffer_object's rule); no driver renders it, so a
    * framebuffer with it is GL_FRAMEBUFFER_UNSUPPORTED */
   { GL_RGB9_E5, GL_RGB, { F(R9G9B9E5_FLOAT), F(NONE), F(NONE) } },
   /* GL_ARB_depth_buffer_float */
   { GL_DEPTH_COMPONENT32F, GL_DEPTH_COMPONENT, { F(Z32_FLOAT), F(NONE), F(NONE) } },
   { GL_DEPTH32F_STENCIL8, GL_DEPTH_STENCIL, { F(Z32_FLOAT_S8X24_UINT), F(NONE), F(NONE) } },
   /* GL_EXT_packed_float */
   { GL_R11F_G11F_B10F, GL_RGB, { F(R11G11B10_FLOAT), F(R16G16B16A16_FLOAT), F(NONE) } },
   /* OpenGL ES 2.0 and 3.0 only (st_es_renderbuffer_format_ok) */
   { GL_RGB565, GL_RGB, { F(B5G6R5_UNORM), F(R8G8B8X8_UNORM), F(B8G8R8X8_UNORM) } },
   { GL_DEPTH_STENCIL, GL_DEPTH_STENCIL, { F(Z24_UNORM_S8_UINT), F(S8_UINT_Z24_UNORM), F(NONE) } },
   { GL_DEPTH24_STENCIL8, GL_DEPTH_STENCIL, { F(Z24_UNORM_S8_UINT), F(S8_UINT_Z24_UNORM), F(NONE) } },
   /* GL_EXT_texture_sRGB: GL 3.0 requires SRGB8_ALPHA8 colour-renderable; the
    * others are renderable as their textures are (ext_texture_srgb's multisample
    * formats test renders to each) */
   { GL_SRGB, GL_RGB, { F(B8G8R8X8_SRGB), F(R8G8B8A8_SRGB), F(NONE) } },
   { GL_SRGB8, GL_RGB, { F(B8G8R8X8_SRGB), F(R8G8B8A8_SRGB), F(NONE) } },
   { GL_SRGB_ALPHA, GL_RGBA, { F(R8G8B8A8_SRGB), F(B8G8R8A8_SRGB), F(NONE) } },
   { GL_SRGB8_ALPHA8, GL_RGBA, { F(R8G8B8A8_SRGB), F(B8G8R8A8_SRGB), F(NONE) } },
   { GL_SLUMINANCE, GL_LUMINANCE, { F(L8_SRGB), F(R8G8B8A8_SRGB), F(NONE) } },
   { GL_SLUMINANCE8, GL_LUMINANCE, { F(L8_SRGB), F(R8G8B8A8_SRGB), F(NONE) } },
   { GL_SLUMINANCE_ALPHA, GL_LUMINANCE_ALPHA, { F(L8A8_SRGB), F(R8G8B8A8_SRGB), F(NONE) } },
   { GL_SLUMINANCE8_ALPHA8, GL_LUMINANCE_ALPHA, { F(L8A8_SRGB), F(R8G8B8A8_SRGB), F(NONE) } },
   /* GL_EXT_texture_snorm: renderable as their textures are (Mesa's
    * drivers render to them; ext_texture_snorm's multisample formats test
    * does); L/A/I in RGBA storage, the base format selecting components */
   { GL_R8_SNORM, GL_RED, { F(R8_SNORM), F(R8G8B8A8_SNORM), F(NONE) } },
   { GL_RG8_SNORM, GL_RG, { F(R8G8_SNORM), F(R8G8B8A8_SNORM), F(NONE) } },
   { GL_RGB8_SNORM, GL_RGB, { F(R8G8B8A8_SNORM), F(NONE), F(NONE) } },
   { GL_RGBA8_SNORM, GL_RGBA, { F(R8G8B8A8_SNORM), F(NONE), F(NONE) } },
   { GL_R16_SNORM, GL_RED, { F(R16_SNORM), F(R16G16B16A16_SNORM), F(NONE) } },
   { GL_RG16_SNORM, GL_RG, { F(R16G16_SNORM), F(R16G16B16A16_SNORM), F(NONE) } },
   { GL_RGB16_SNORM, GL_RGB, { F(R16G16B16A16_SNORM), F(NONE), F(NONE) } },
   { GL_RGBA16_SNORM, GL_RGBA, { F(R16G16B16A16_SNORM), F(NONE), F(NONE) } },
   { GL_ALPHA8_SNORM, GL_ALPHA, { F(R8G8B8A8_SNORM), F(NONE), F(NONE) } },
   { GL_LUMINANCE8_SNORM, GL_LUMINANCE, { F(R8G8B8A8_SNORM), F(NONE), F(NONE) } },
   { GL_LUMINANCE8_ALPHA8_SNORM, GL_LUMINANCE_ALPHA, { F(R8G8B8A8_SNORM), F(NONE), F(NONE) } },
   { GL_INTENSITY8_SNORM, GL_INTENSITY, { F(R8G8B8A8_SNORM), F(NONE), F(NONE) } },
   { GL_ALPHA16_SNORM, GL_ALPHA, { F(R16G16B16A16_SNORM), F(NONE), F(NONE) } },
   { GL_LUMINANCE16_SNORM, GL_LUMINANCE, { F(R16G16B16A16_SNORM), F(NONE), F(NONE) } },
   { GL_LUMINANCE16_ALPHA16_SNORM, GL_LUMINANCE_ALPHA,
     { F(R16G16B16A16_SNORM), F(NONE), F(NONE) } },
   { GL_INTENSITY16_SNORM, GL_INTENSITY, { F(R16G16B16A16_SNORM), F(NONE), F(NONE) } },
   /* GL_EXT_texture_integer (RGBA ones; see rb_format_is_integer) */
   { GL_RGBA8UI, GL_RGBA, { F(R8G8B8A8_UINT), F(NONE), F(NONE) } },
   { GL_RGBA8I, GL_RGBA, { F(R8G8B8A8_SINT), F(NONE), F(NONE) } },
   { GL_RGBA16UI, GL_RGBA, { F(R16G16B16A16_UINT), F(NONE), F(NONE) } },
   { GL_RGBA16I, GL_RGBA, { F(R16G16B16A16_SINT), F(NONE), F(NONE) } },
   { GL_RGBA32UI, GL_RGBA, { F(R32G32B32A32_UINT), F(NONE), F(NONE) } },
   { GL_RGBA32I, GL_RGBA, { F(R32G32B32A32_SINT), F(NONE), F(NONE) } },
   { GL_RGB10_A2UI, GL_RGBA, { F(R10G10B10A2_UINT), F(NONE), F(NONE) } },   /* ARB_texture_rgb10_a2ui */
   /* RGB, and R / RG (GL_ARB_texture_rg's integer formats, with it) */
   { GL_RGB8UI, GL_RGB, { F(R8G8B8_UINT), F(NONE), F(NONE) } },
   { GL_RGB8I, GL_RGB, { F(R8G8B8_SINT), F(NONE), F(NONE) } },
   { GL_RGB16UI, GL_RGB, { F(R16G16B16_UINT), F(NONE), F(NONE) } },
   { GL_RGB16I, GL_RGB, { F(R16G16B16_SINT), F(NONE), F(NONE) } },
   { GL_RGB32UI, GL_RGB, { F(R32G32B32_UINT), F(NONE), F(NONE) } },
   { GL_RGB32I, GL_RGB, { F(R32G32B32_SINT), F(NONE), F(NONE) } },
   { GL_RG8UI, GL_RG, { F(R8G8_UINT), F(NONE), F(NONE) } },
   { GL_RG8I, GL_RG, { F(R8G8_SINT), F(NONE), F(NONE) } },
   { GL_RG16UI, GL_RG, { F(R16G16_UINT), F(NONE), F(NONE) } },
   { GL_RG16I, GL_RG, { F(R16G16_SINT), F(NONE), F(NONE) } },
   { GL_RG32UI, GL_RG, { F(R32G32_UINT), F(NONE), F(NONE) } },
   { GL_RG32I, GL_RG, { F(R32G32_SINT), F(NONE), F(NONE) } },
   { GL_R8UI, GL_RED, { F(R8_UINT), F(NONE), F(NONE) } },
   { GL_R8I, GL_RED, { F(R8_SINT), F(NONE), F(NONE) } },
   { GL_R16UI, GL_RED, { F(R16_UINT), F(NONE), F(NONE) } },
   { GL_R16I, GL_RED, { F(R16_SINT), F(NONE), F(NONE) } },
   { GL_R32UI, GL_RED, { F(R32_UINT), F(NONE), F(NONE) } },
   { GL_R32I, GL_RED, { F(R32_SINT), F(NONE), F(NONE) } },
};
#undef F

/* The integer renderbuffer formats: only with GL_EXT_texture_integer. */
static bool
rb_format_is_integer(GLenum internal_format)
{
   GLenum base = st_tex_base_format(internal_format);
   return st_tex_format_is_integer(internal_format) &&
          (base == GL_RGBA || base == GL_RGB || base == GL_RG || base == GL_RED);
}

static const struct rb_format *
find_rb_format(GLenum internal_format)
{
   for (unsigned i = 0; i < sizeof rb_formats / sizeof rb_formats[0]; i++)
      if (rb_formats[i].internal_format == internal_format)
         return &rb_formats[i];
   return NULL;
}

GLenum
st_fbo_rb_base_format(GLenum internal_format)
{
   const struct rb_format *f = find_rb_format(internal_format);
   return f ? f->base : 0;
}

/* --- helpers -------------------------------------------------------------------- */

static bool
check_n(struct st_context *ctx, GLsizei n, const void *ptr, const char *where)
{
   if (n < 0) {
      st_error(ctx, GL_INVALID_VALUE, where);
      return false;
   }
   return n > 0 && ptr;
}

/* The framebuffer object bound to target (NULL: window-system); false on a bad target. */
static bool
target_fbo(struct st_context *ctx, GLenum target, struct st_framebuffer_object **out)
{
   switch (target) {
   case GL_FRAMEBUFFER:
   case GL_DRAW_FRAMEBUFFER:
      *out = ctx->draw_fbo;
      return true;
   case GL_READ_FRAMEBUFFER:
      *out = ctx->read_fbo;
      return true;
   default:
      return false;
   }
}

/* GL_*_ATTACHMENT -> slots; returns the count (2 for DEPTH_STENCIL), 0 for a bad
 * enum (*bad_op: a COLOR_ATTACHMENTi beyond the limit: GL_INVALID_OPERATION). */
static unsigned
attachment_slots(GLenum attachment, enum st_fbo_attachment out[2], bool *bad_op)
{
   *bad_op = false;
   if (attachment >= GL_COLOR_ATTACHMENT0 && attachment <= GL_COLOR_ATTACHMENT31) {
      if (attachment - GL_COLOR_ATTACHMENT0 >= ST_MAX_COLOR_ATTACHMENTS) {
         *bad_op = true;
         return 0;
      }
      out[0] = (enum st_fbo_attachment)(ST_FBO_COLOR0 + (attachment - GL_COLOR_ATTACHMENT0));
      return 1;
   }
   switch (attachment) {
   case GL_DEPTH_ATTACHMENT: out[0] = ST_FBO_DEPTH; return 1;
   case GL_STENCIL_ATTACHMENT: out[0] = ST_FBO_STENCIL; return 1;
   case GL_DEPTH_STENCIL_ATTACHMENT:
      out[0] = ST_FBO_DEPTH;
      out[1] = ST_FBO_STENCIL;
      return 2;
   default:
      return 0;
   }
}

/* --- renderbuffers -------------------------------------------------------------- */

static void
gen_renderbuffers(GLsizei n, GLuint *ids, const char *where)
{
   ST_ENTRY(ctx);
   if (!check_n(ctx, n, ids, where))
      return;
   if (!st_names_gen(&ctx->share->renderbuffers, n, ids))
      st_error(ctx, GL_OUT_OF_MEMORY, where);
}

void GLAPIENTRY
api_glGenRenderbuffers(GLsizei n, GLuint *renderbuffers)
{
   gen_renderbuffers(n, renderbuffers, "glGenRenderbuffers");
}

void GLAPIENTRY
api_glGenRenderbuffersEXT(GLsizei n, GLuint *renderbuffers)
{
   gen_renderbuffers(n, renderbuffers, "glGenRenderbuffersEXT");
}

static void
detach_renderbuffer(struct st_context *ctx, struct st_framebuffer_object *fbo,
                    struct st_renderbuffer *rb)
{
   if (!fbo)
      return;
   for (unsigned i = 0; i < ST_FBO_ATTACHMENT_COUNT; i++)
      if (fbo->att[i].type == GL_RENDERBUFFER && fbo->att[i].rb == rb) {
         st_fbo_set_renderbuffer(ctx, fbo, (enum st_fbo_attachment)i, NULL);
         ctx->dirty |= ST_NEW_FRAMEBUFFER;
      }
}

static void
delete_renderbuffers(GLsizei n, const GLuint *ids, const char *where)
{
   ST_ENTRY(ctx);
   if (!check_n(ctx, n, ids, where))
      return;
   for (GLsizei i = 0; i < n; i++) {
      if (!ids[i])
         continue;
      struct st_renderbuffer *rb = st_names_lookup(&ctx->share->renderbuffers, ids[i]);
      if (ctx->bound_renderbuffer == ids[i])
         ctx->bound_renderbuffer = 0;
      if (rb) {
         /* detach from the framebuffers bound in this context (others keep it) */
         detach_renderbuffer(ctx, ctx->draw_fbo, rb);
         if (ctx->read_fbo != ctx->draw_fbo)
            detach_renderbuffer(ctx, ctx->read_fbo, rb);
      }
      rb = st_names_remove(&ctx->share->renderbuffers, ids[i]);
      st_renderbuffer_unref(rb);
   }
}

void GLAPIENTRY
api_glDeleteRenderbuffers(GLsizei n, const GLuint *renderbuffers)
{
   delete_renderbuffers(n, renderbuffers, "glDeleteRenderbuffers");
}

void GLAPIENTRY
api_glDeleteRenderbuffersEXT(GLsizei n, const GLuint *renderbuffers)
{
   delete_renderbuffers(n, renderbuffers, "glDeleteRenderbuffersEXT");
}

/* The object of a renderbuffer name, created on first use (NULL: out of memory). */
static struct st_renderbuffer *
get_or_create_rb(struct st_context *ctx, GLuint name)
{
   struct st_names *t = &ctx->share->renderbuffers;
   struct st_renderbuffer *rb = st_names_lookup(t, name);
   if (rb)
      return rb;
   rb = calloc(1, sizeof *rb);
   if (!rb)
      return NULL;
   rb->name = name;
   rb->refcount = 1;
   rb->internal_format = GL_RGBA;
   /* another context may have created it meanwhile */
   pthread_mutex_lock(&ctx->share->lock);
   struct st_renderbuffer *other = st_names_lookup(t, name);
   if (other) {
      pthread_mutex_unlock(&ctx->share->lock);
      free(rb);
      return other;
   }
   bool ok = st_names_set(t, name, rb);
   pthread_mutex_unlock(&ctx->share->lock);
   if (!ok) {
      free(rb);
      return NULL;
   }
   return rb;
}

static void
bind_renderbuffer(GLenum target, GLuint name, const char *where)
{
   ST_ENTRY(ctx);
   if (target != GL_RENDERBUFFER) {
      st_error(ctx, GL_INVALID_ENUM, where);
      return;
   }
   if (!st_bind_name_ok(ctx, &ctx->share->renderbuffers, name)) {
      st_error(ctx, GL_INVALID_OPERATION, where);
      return;
   }
   if (name && !get_or_create_rb(ctx, name)) {
      st_error(ctx, GL_OUT_OF_MEMORY, where);
      return;
   }
   ctx->bound_renderbuffer = name;
}

void GLAPIENTRY
api_glBindRenderbuffer(GLenum target, GLuint renderbuffer)
{
   bind_renderbuffer(target, renderbuffer, "glBindRenderbuffer");
}

void GLAPIENTRY
api_glBindRenderbufferEXT(GLenum target, GLuint renderbuffer)
{
   bind_renderbuffer(target, renderbuffer, "glBindRenderbufferEXT");
}

static GLboolean
is_renderbuffer(GLuint name)
{
   ST_ENTRY_RET(ctx, GL_FALSE);
   return name && st_names_lookup(&ctx->share->renderbuffers, name) ? GL_TRUE : GL_FALSE;
}

GLboolean GLAPIENTRY
api_glIsRenderbuffer(GLuint renderbuffer)
{
   return is_renderbuffer(renderbuffer);
}

GLboolean GLAPIENTRY
api_glIsRenderbufferEXT(GLuint renderbuffer)
{
   return is_renderbuffer(renderbuffer);
}

static struct st_renderbuffer *
bound_rb(struct st_context *ctx)
{
   return ctx->bound_renderbuffer
             ? st_names_lookup(&ctx->share->renderbuffers, ctx->bound_renderbuffer) : NULL;
}

struct st_renderbuffer *
st_fbo_bound_renderbuffer(struct st_context *ctx)
{
   return bound_rb(ctx);
}

/* The renderbuffer format of internalformat if the context offers it. */
static const struct rb_format *
accepted_rb_format(struct st_context *ctx, GLenum internalformat)
{
   const struct rb_format *f = find_rb_format(internalformat);
   /* OpenGL ES: the renderable formats of ES 2.0 / 3.0 alone; desktop
    * contexts have no RGB565 (ARB_ES2_compatibility is not offered) */
   if (ctx->profile == ST_PROFILE_GLES2 ? !st_es_renderbuffer_format_ok(ctx, internalformat)
                                        : internalformat == GL_RGB565)
      f = NULL;
   if (f && (f->base == GL_RED || f->base == GL_RG || st_tex_format_is_float(internalformat) ||
             internalformat == GL_DEPTH_COMPONENT32F || internalformat == GL_DEPTH32F_STENCIL8 ||
             internalformat == GL_RGB9_E5) &&
       !st_tex_format_allowed(ctx, internalformat))
      f = NULL;   /* an extension's format the context does not offer */
   if (f && rb_format_is_integer(internalformat) && !ctx->caps.ext_texture_integer)
      f = NULL;
   return f;
}

static void
renderbuffer_storage(GLenum target, GLsizei samples, GLenum internalformat, GLsizei width,
                     GLsizei height, const char *where)
{
   ST_ENTRY(ctx);
   if (target != GL_RENDERBUFFER) {
      st_error(ctx, GL_INVALID_ENUM, where);
      return;
   }
   struct st_renderbuffer *rb = bound_rb(ctx);
   if (!rb) {
      st_error(ctx, GL_INVALID_OPERATION, where);
      return;
   }
   const struct rb_format *f = accepted_rb_format(ctx, internalformat);
   if (!f) {
      st_error(ctx, GL_INVALID_ENUM, where);
      return;
   }
   int max = ctx->caps.max_texture_size;
   if (width < 0 || height < 0 || width > max || height > max) {
      st_error(ctx, GL_INVALID_VALUE, where);
      return;
   }
   unsigned max_samples = ctx->screen->caps.max_samples > 1 ? ctx->screen->caps.max_samples : 0;
   if (samples < 0 || (unsigned)samples > max_samples) {
      st_error(ctx, GL_INVALID_VALUE, where);
      return;
   }
   /* ES 3.0 4.4.2: no multisample integer renderbuffers */
   if (ctx->profile == ST_PROFILE_GLES2 && samples > 0 && rb_format_is_integer(internalformat)) {
      st_error(ctx, GL_INVALID_OPERATION, where);
      return;
   }

   struct pipe_screen *screen = ctx->screen;
   bool zs = f->base == GL_DEPTH_COMPONENT || f->base == GL_STENCIL_INDEX ||
             f->base == GL_DEPTH_STENCIL;
   unsigned bind = zs ? PIPE_BIND_DEPTH_STENCIL : PIPE_BIND_RENDER_TARGET;
   enum pipe_format format = PIPE_FORMAT_NONE;
   for (unsigned i = 0; i < 3 && f->formats[i] != PIPE_FORMAT_NONE; i++) {
      if (!screen->is_format_supported ||
          screen->is_format_supported(screen, f->formats[i], PIPE_TEXTURE_2D, 0,
                                      bind | PIPE_BIND_SAMPLER_VIEW)) {
         format = f->formats[i];
         break;
      }
   }
   /* none the driver renders: storage it can hold, and the framebuffer
    * completeness check says GL_FRAMEBUFFER_UNSUPPORTED */
   bool renderable = format != PIPE_FORMAT_NONE;
   if (!renderable)
      format = f->formats[0];

   /* multisample: the smallest sample count >= samples the driver renders
    * this format with (multisample resources are not sampled) */
   unsigned nsamples = 0;
   if (samples > 0) {
      for (unsigned n = 2; n <= max_samples; n *= 2) {
         if ((unsigned)samples <= n && screen->is_format_supported &&
             screen->is_format_supported(screen, format, PIPE_TEXTURE_2D, n, bind)) {
            nsamples = n;
            break;
         }
      }
      if (!nsamples) {
         st_error(ctx, GL_OUT_OF_MEMORY, where);
         return;
      }
   }

   struct pipe_resource *res = NULL;
   if (width > 0 && height > 0) {
      struct pipe_resource templ;
      memset(&templ, 0, sizeof templ);
      templ.target = PIPE_TEXTURE_2D;
      templ.format = format;
      templ.width0 = (uint32_t)width;
      templ.height0 = (uint16_t)height;
      templ.depth0 = 1;
      templ.array_size = 1;
      templ.bind = !renderable ? PIPE_BIND_SAMPLER_VIEW
                  : nsamples ? bind : bind | PIPE_BIND_SAMPLER_VIEW;
      templ.nr_samples = (uint8_t)nsamples;
      res = screen->resource_create(screen, &templ);
      if (!res) {
         st_error(ctx, GL_OUT_OF_MEMORY, where);
         return;
      }
   }
   pipe_resource_reference(&rb->res, NULL);
   rb->res = res;
   rb->internal_format = internalformat;
   rb->format = format;
   rb->width = (unsigned)width;
   rb->height = (unsigned)height;
   rb->samples = nsamples;
   ctx->dirty |= ST_NEW_FRAMEBUFFER;
}

void GLAPIENTRY
api_glRenderbufferStorage(GLenum target, GLenum internalformat, GLsizei width, GLsizei height)
{
   renderbuffer_storage(target, 0, internalformat, width, height, "glRenderbufferStorage");
}

void GLAPIENTRY
api_glRenderbufferStorageEXT(GLenum target, GLenum internalformat, GLsizei width,
                             GLsizei height)
{
   renderbuffer_storage(target, 0, internalformat, width, height, "glRenderbufferStorageEXT");
}

void GLAPIENTRY
api_glRenderbufferStorageMultisample(GLenum target, GLsizei samples, GLenum internalformat,
                                     GLsizei width, GLsizei height)
{
   renderbuffer_storage(target, samples, internalformat, width, height,
                        "glRenderbufferStorageMultisample");
}

void GLAPIENTRY
api_glRenderbufferStorageMultisampleEXT(GLenum target, GLsizei samples, GLenum internalformat,
                                        GLsizei width, GLsizei height)
{
   renderbuffer_storage(target, samples, internalformat, width, height,
                        "glRenderbufferStorageMultisampleEXT");
}

static void
get_renderbuffer_parameter(GLenum target, GLenum pname, GLint *params, const char *where)
{
   ST_ENTRY(ctx);
   if (target != GL_RENDERBUFFER) {
      st_error(ctx, GL_INVALID_ENUM, where);
      return;
   }
   struct st_renderbuffer *rb = bound_rb(ctx);
   if (!rb) {
      st_error(ctx, GL_INVALID_OPERATION, where);
      return;
   }
   GLint rgba[4] = { 0, 0, 0, 0 }, depth = 0, stencil = 0;
   if (rb->format != PIPE_FORMAT_NONE) {
      GLenum base = st_fbo_rb_base_format(rb->internal_format);
      if (base == GL_DEPTH_COMPONENT || base == GL_STENCIL_INDEX || base == GL_DEPTH_STENCIL) {
         st_fbo_zs_bits(rb->format, &depth, &stencil);
         if (base == GL_DEPTH_COMPONENT)
            stencil = 0;
         if (base == GL_STENCIL_INDEX)
            depth = 0;
      } else {
         st_fbo_color_bits(rb->format, base, rgba);
      }
   }
   GLint v;
   switch (pname) {
   case GL_RENDERBUFFER_WIDTH: v = (GLint)rb->width; break;
   case GL_RENDERBUFFER_HEIGHT: v = (GLint)rb->height; break;
   case GL_RENDERBUFFER_INTERNAL_FORMAT: v = (GLint)rb->internal_format; break;
   case GL_RENDERBUFFER_RED_SIZE: v = rgba[0]; break;
   case GL_RENDERBUFFER_GREEN_SIZE: v = rgba[1]; break;
   case GL_RENDERBUFFER_BLUE_SIZE: v = rgba[2]; break;
   case GL_RENDERBUFFER_ALPHA_SIZE: v = rgba[3]; break;
   case GL_RENDERBUFFER_DEPTH_SIZE: v = depth; break;
   case GL_RENDERBUFFER_STENCIL_SIZE: v = stencil; break;
   case GL_RENDERBUFFER_SAMPLES: v = (GLint)rb->samples; break;
   default:
      st_error(ctx, GL_INVALID_ENUM, where);
      return;
   }
   if (params)
      *params = v;
}

void GLAPIENTRY
api_glGetRenderbufferParameteriv(GLenum target, GLenum pname, GLint *params)
{
   get_renderbuffer_parameter(target, pname, params, "glGetRenderbufferParameteriv");
}

void GLAPIENTRY
api_glGetRenderbufferParameterivEXT(GLenum target, GLenum pname, GLint *params)
{
   get_renderbuffer_parameter(target, pname, params, "glGetRenderbufferParameterivEXT");
}

/* --- framebuffer objects ---------------------------------------------------------- */

static void
gen_framebuffers(GLsizei n, GLuint *ids, const char *where)
{
   ST_ENTRY(ctx);
   if (!check_n(ctx, n, ids, where))
      return;
   if (!st_names_gen(&ctx->framebuffers, n, ids))
      st_error(ctx, GL_OUT_OF_MEMORY, where);
}

void GLAPIENTRY
api_glGenFramebuffers(GLsizei n, GLuint *framebuffers)
{
   gen_framebuffers(n, framebuffers, "glGenFramebuffers");
}

void GLAPIENTRY
api_glGenFramebuffersEXT(GLsizei n, GLuint *framebuffers)
{
   gen_framebuffers(n, framebuffers, "glGenFramebuffersEXT");
}

static void
delete_framebuffers(GLsizei n, const GLuint *ids, const char *where)
{
   ST_ENTRY(ctx);
   if (!check_n(ctx, n, ids, where))
      return;
   for (GLsizei i = 0; i < n; i++) {
      if (!ids[i])
         continue;
      struct st_framebuffer_object *fbo = st_names_remove(&ctx->framebuffers, ids[i]);
      if (!fbo)
         continue;
      /* deleting a bound framebuffer binds 0 in its place */
      if (ctx->draw_fbo == fbo) {
         ctx->draw_fbo = NULL;
         ctx->dirty |= ST_NEW_FRAMEBUFFER;
      }
      if (ctx->read_fbo == fbo)
         ctx->read_fbo = NULL;
      st_fbo_destroy(ctx, fbo);
   }
}

void GLAPIENTRY
api_glDeleteFramebuffers(GLsizei n, const GLuint *framebuffers)
{
   delete_framebuffers(n, framebuffers, "glDeleteFramebuffers");
}

void GLAPIENTRY
api_glDeleteFramebuffersEXT(GLsizei n, const GLuint *framebuffers)
{
   delete_framebuffers(n, framebuffers, "glDeleteFramebuffersEXT");
}

static void
bind_framebuffer(GLenum target, GLuint name, const char *where)
{
   ST_ENTRY(ctx);
   if (target != GL_FRAMEBUFFER && target != GL_DRAW_FRAMEBUFFER &&
       target != GL_READ_FRAMEBUFFER) {
      st_error(ctx, GL_INVALID_ENUM, where);
      return;
   }
   if (!st_bind_name_ok(ctx, &ctx->framebuffers, name)) {
      st_error(ctx, GL_INVALID_OPERATION, where);
      return;
   }
   struct st_framebuffer_object *fbo = NULL;
   if (name) {
      fbo = st_names_lookup(&ctx->framebuffers, name);
      if (!fbo) {
         fbo = st_fbo_create(name);
         if (!fbo || !st_names_set(&ctx->framebuffers, name, fbo)) {
            st_fbo_destroy(ctx, fbo);
            st_error(ctx, GL_OUT_OF_MEMORY, where);
            return;
         }
      }
   }
   if (target != GL_READ_FRAMEBUFFER && ctx->draw_fbo != fbo) {
      ctx->draw_fbo = fbo;
      ctx->dirty |= ST_NEW_FRAMEBUFFER;
   }
   if (target != GL_DRAW_FRAMEBUFFER)
      ctx->read_fbo = fbo;
}

void GLAPIENTRY
api_glBindFramebuffer(GLenum target, GLuint framebuffer)
{
   bind_framebuffer(target, framebuffer, "glBindFramebuffer");
}

void GLAPIENTRY
api_glBindFramebufferEXT(GLenum target, GLuint framebuffer)
{
   bind_framebuffer(target, framebuffer, "glBindFramebufferEXT");
}

static GLboolean
is_framebuffer(GLuint name)
{
   ST_ENTRY_RET(ctx, GL_FALSE);
   return name && st_names_lookup(&ctx->framebuffers, name) ? GL_TRUE : GL_FALSE;
}

GLboolean GLAPIENTRY
api_glIsFramebuffer(GLuint framebuffer)
{
   return is_framebuffer(framebuffer);
}

GLboolean GLAPIENTRY
api_glIsFramebufferEXT(GLuint framebuffer)
{
   return is_framebuffer(framebuffer);
}

static GLenum
check_status(GLenum target, const char *where)
{
   ST_ENTRY_RET(ctx, 0);
   struct st_framebuffer_object *fbo;
   if (!target_fbo(ctx, target, &fbo)) {
      st_error(ctx, GL_INVALID_ENUM, where);
      return 0;
   }
   if (!fbo) {
      struct st_framebuffer *fb = target == GL_READ_FRAMEBUFFER ? st_read_framebuffer(ctx)
                                                                 : &ctx->draw_fb;
      return fb->iface ? GL_FRAMEBUFFER_COMPLETE : GL_FRAMEBUFFER_UNDEFINED;
   }
   return st_fbo_status(ctx, fbo);
}

GLenum GLAPIENTRY
api_glCheckFramebufferStatus(GLenum target)
{
   return check_status(target, "glCheckFramebufferStatus");
}

GLenum GLAPIENTRY
api_glCheckFramebufferStatusEXT(GLenum target)
{
   return check_status(target, "glCheckFramebufferStatusEXT");
}

/* The framebuffer object an attachment call changes; raises and returns NULL on errors. */
static struct st_framebuffer_object *
attach_target(struct st_context *ctx, GLenum target, GLenum attachment,
              enum st_fbo_attachment slots[2], unsigned *nslots, const char *where)
{
   struct st_framebuffer_object *fbo;
   if (!target_fbo(ctx, target, &fbo)) {
      st_error(ctx, GL_INVALID_ENUM, where);
      return NULL;
   }
   bool bad_op;
   *nslots = attachment_slots(attachment, slots, &bad_op);
   if (!*nslots) {
      st_error(ctx, bad_op ? GL_INVALID_OPERATION : GL_INVALID_ENUM, where);
      return NULL;
   }
   if (!fbo) {
      st_error(ctx, GL_INVALID_OPERATION, where);   /* the default framebuffer */
      return NULL;
   }
   return fbo;
}

static void
framebuffer_renderbuffer(GLenum target, GLenum attachment, GLenum rbtarget, GLuint name,
                         const char *where)
{
   ST_ENTRY(ctx);
   enum st_fbo_attachment slots[2];
   unsigned n;
   struct st_framebuffer_object *fbo = attach_target(ctx, target, attachment, slots, &n, where);
   if (!fbo)
      return;
   if (rbtarget != GL_RENDERBUFFER) {
      st_error(ctx, GL_INVALID_ENUM, where);
      return;
   }
   struct st_renderbuffer *rb = NULL;
   if (name) {
      rb = st_names_lookup(&ctx->share->renderbuffers, name);
      if (!rb) {
         st_error(ctx, GL_INVALID_OPERATION, where);
         return;
      }
   }
   for (unsigned i = 0; i < n; i++)
      st_fbo_set_renderbuffer(ctx, fbo, slots[i], rb);
   ctx->dirty |= ST_NEW_FRAMEBUFFER;
}

void GLAPIENTRY
api_glFramebufferRenderbuffer(GLenum target, GLenum attachment, GLenum renderbuffertarget,
                              GLuint renderbuffer)
{
   framebuffer_renderbuffer(target, attachment, renderbuffertarget, renderbuffer,
                            "glFramebufferRenderbuffer");
}

void GLAPIENTRY
api_glFramebufferRenderbufferEXT(GLenum target, GLenum attachment, GLenum renderbuffertarget,
                                 GLuint renderbuffer)
{
   framebuffer_renderbuffer(target, attachment, renderbuffertarget, renderbuffer,
                            "glFramebufferRenderbufferEXT");
}

static bool
is_cube_face(GLenum t)
{
   return t >= GL_TEXTURE_CUBE_MAP_POSITIVE_X && t <= GL_TEXTURE_CUBE_MAP_NEGATIVE_Z;
}

/* Textures glFramebufferTexture attaches layered (GL 3.2 4.4.2): every
 * layer of the level; other targets attach their one image. */
static bool
is_layered_target(GLenum t)
{
   return t == GL_TEXTURE_3D || t == GL_TEXTURE_CUBE_MAP || st_tex_is_array(t);
}

/* dims: 1, 2, 3 for glFramebufferTexture{1,2,3}D, 0 for glFramebufferTextureLayer,
 * FBT_ANY for glFramebufferTexture (any target; layered when is_layered_target). */
#define FBT_ANY 4
static void
framebuffer_texture(unsigned dims, GLenum target, GLenum attachment, GLenum textarget,
                    GLuint texture, GLint level, GLint layer, const char *where)
{
   ST_ENTRY(ctx);
   if (dims == FBT_ANY && (!st_desktop(ctx) || ctx->version < 32)) {
      st_error(ctx, GL_INVALID_OPERATION, where);   /* a GL 3.2 command */
      return;
   }
   bool layered = false;
   enum st_fbo_attachment slots[2];
   unsigned n;
   struct st_framebuffer_object *fbo = attach_target(ctx, target, attachment, slots, &n, where);
   if (!fbo)
      return;
   struct st_texture_object *tex = NULL;
   if (texture) {
      tex = st_texture_lookup(ctx, texture);
      if (!tex || !tex->target) {
         st_error(ctx, GL_INVALID_OPERATION, where);   /* no such texture */
         return;
      }
      if (dims == 0 || dims == FBT_ANY)
         textarget = tex->target;
      bool ok;
      switch (dims) {
      case FBT_ANY:
         /* every texture target but buffer textures (no image to render to) */
         ok = textarget != GL_TEXTURE_BUFFER;
         layered = is_layered_target(textarget);
         break;
      case 1: ok = textarget == GL_TEXTURE_1D; break;
      case 2: ok = textarget == GL_TEXTURE_2D || textarget == GL_TEXTURE_RECTANGLE ||
                   is_cube_face(textarget) ||
                   (ctx->caps.tex_multisample && textarget == GL_TEXTURE_2D_MULTISAMPLE);
         break;
      case 3: ok = textarget == GL_TEXTURE_3D; break;
      default:   /* glFramebufferTextureLayer: 3D and (GL_EXT_texture_array) arrays */
         ok = textarget == GL_TEXTURE_3D ||
              (ctx->caps.tex_array && (textarget == GL_TEXTURE_1D_ARRAY_EXT ||
                                       textarget == GL_TEXTURE_2D_ARRAY_EXT)) ||
              (ctx->caps.tex_cube_array && textarget == GL_TEXTURE_CUBE_MAP_ARRAY_ARB) ||
              (ctx->caps.tex_multisample && textarget == GL_TEXTURE_2D_MULTISAMPLE_ARRAY);
         break;
      }
      if (!ok) {
         st_error(ctx, GL_INVALID_OPERATION, where);
         return;
      }
      GLenum obj_target = is_cube_face(textarget) ? GL_TEXTURE_CUBE_MAP : textarget;
      if (tex->target != obj_target) {
         st_error(ctx, GL_INVALID_OPERATION, where);
         return;
      }
      unsigned max_levels = textarget == GL_TEXTURE_3D ? ST_MAX_3D_TEXTURE_LEVELS
                            : textarget == GL_TEXTURE_RECTANGLE ? 1
                            : st_tex_is_multisample(textarget) ? 1
                            : is_cube_face(textarget) || textarget == GL_TEXTURE_CUBE_MAP
                            ? ST_MAX_CUBE_TEXTURE_LEVELS
                            : ST_MAX_TEXTURE_LEVELS;
      if (level < 0 || (unsigned)level >= max_levels) {
         st_error(ctx, GL_INVALID_VALUE, where);
         return;
      }
      if (!layered && textarget == GL_TEXTURE_3D &&
          (layer < 0 || layer >= ST_MAX_3D_TEXTURE_SIZE)) {
         st_error(ctx, GL_INVALID_VALUE, where);
         return;
      }
      if (!layered && st_tex_is_array(textarget) &&
          (layer < 0 || layer >= ST_MAX_ARRAY_TEXTURE_LAYERS)) {
         st_error(ctx, GL_INVALID_VALUE, where);
         return;
      }
   }
   for (unsigned i = 0; i < n; i++)
      st_fbo_set_texture(ctx, fbo, slots[i], tex, texture, textarget, level,
                         textarget == GL_TEXTURE_3D || st_tex_is_array(textarget) ? layer : 0,
                         layered);
   ctx->dirty |= ST_NEW_FRAMEBUFFER;
}

void GLAPIENTRY
api_glFramebufferTexture1D(GLenum target, GLenum attachment, GLenum textarget, GLuint texture,
                           GLint level)
{
   framebuffer_texture(1, target, attachment, textarget, texture, level, 0,
                       "glFramebufferTexture1D");
}

void GLAPIENTRY
api_glFramebufferTexture1DEXT(GLenum target, GLenum attachment, GLenum textarget,
                              GLuint texture, GLint level)
{
   framebuffer_texture(1, target, attachment, textarget, texture, level, 0,
                       "glFramebufferTexture1DEXT");
}

void GLAPIENTRY
api_glFramebufferTexture2D(GLenum target, GLenum attachment, GLenum textarget, GLuint texture,
                           GLint level)
{
   framebuffer_texture(2, target, attachment, textarget, texture, level, 0,
                       "glFramebufferTexture2D");
}

void GLAPIENTRY
api_glFramebufferTexture2DEXT(GLenum target, GLenum attachment, GLenum textarget,
                              GLuint texture, GLint level)
{
   framebuffer_texture(2, target, attachment, textarget, texture, level, 0,
                       "glFramebufferTexture2DEXT");
}

void GLAPIENTRY
api_glFramebufferTexture3D(GLenum target, GLenum attachment, GLenum textarget, GLuint texture,
                           GLint level, GLint zoffset)
{
   framebuffer_texture(3, target, attachment, textarget, texture, level, zoffset,
                       "glFramebufferTexture3D");
}

void GLAPIENTRY
api_glFramebufferTexture3DEXT(GLenum target, GLenum attachment, GLenum textarget,
                              GLuint texture, GLint level, GLint zoffset)
{
   framebuffer_texture(3, target, attachment, textarget, texture, level, zoffset,
                       "glFramebufferTexture3DEXT");
}

void GLAPIENTRY
api_glFramebufferTextureLayer(GLenum target, GLenum attachment, GLuint texture, GLint level,
                              GLint layer)
{
   framebuffer_texture(0, target, attachment, 0, texture, level, layer,
                       "glFramebufferTextureLayer");
}

void GLAPIENTRY
api_glFramebufferTexture(GLenum target, GLenum attachment, GLuint texture, GLint level)
{
   framebuffer_texture(FBT_ANY, target, attachment, 0, texture, level, 0,
                       "glFramebufferTexture");
}

/* --- glGetFramebufferAttachmentParameteriv ------------------------------------------ */

static GLint
component_type(enum pipe_format format, GLenum base)
{
   const struct util_format_description *d = util_format_description(format);
   unsigned c = d->swizzle[0];
   if (base == GL_ALPHA)
      c = d->swizzle[3];
   if (base == GL_STENCIL_INDEX)
      return GL_UNSIGNED_INT;
   if (base == GL_DEPTH_COMPONENT || base == GL_DEPTH_STENCIL)
      c = d->swizzle[0];
   if (c >= 4)
      return GL_NONE;
   const struct util_format_channel *ch = &d->channel[c];
   switch (ch->type) {
   case UTIL_FORMAT_TYPE_FLOAT: return GL_FLOAT;
   case UTIL_FORMAT_TYPE_SNORM: return GL_SIGNED_NORMALIZED;
   case UTIL_FORMAT_TYPE_SINT: return GL_INT;
   case UTIL_FORMAT_TYPE_UNORM: return GL_UNSIGNED_NORMALIZED;
   case UTIL_FORMAT_TYPE_UINT: return GL_UNSIGNED_INT;
   default: return GL_NONE;
   }
}

static void
get_attachment_parameter(GLenum target, GLenum attachment, GLenum pname, GLint *params,
                         const char *where)
{
   ST_ENTRY(ctx);
   struct st_framebuffer_object *fbo;
   if (!target_fbo(ctx, target, &fbo)) {
      st_error(ctx, GL_INVALID_ENUM, where);
      return;
   }
   GLint v = 0;
   if (!fbo) {
      /* the default framebuffer: its buffers by window-system names */
      struct st_framebuffer *fb = target == GL_READ_FRAMEBUFFER ? st_read_framebuffer(ctx)
                                                                 : &ctx->draw_fb;
      const struct st_visual *vis = fb->iface ? &fb->visual : &ctx->visual;
      bool exists;
      GLint rgba[4], depth, stencil;
      st_visual_bits(vis, rgba, &depth, &stencil);
      enum st_attachment a[2];
      switch (attachment) {
      case GL_FRONT_LEFT: case GL_BACK_LEFT:
         exists = st_framebuffer_buffers(vis, attachment, a) > 0; break;
      case GL_FRONT_RIGHT: case GL_BACK_RIGHT:
         exists = false; break;
      case GL_DEPTH: exists = depth > 0; break;
      case GL_STENCIL: exists = stencil > 0; break;
      default:
         st_error(ctx, GL_INVALID_ENUM, where);
         return;
      }
      if (!exists) {
         if (pname == GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE) {
            v = GL_NONE;
         } else if (pname == GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME) {
            v = 0;
         } else {
            st_error(ctx, GL_INVALID_OPERATION, where);   /* no image to describe */
            return;
         }
         *params = v;
         return;
      }
      bool color = attachment != GL_DEPTH && attachment != GL_STENCIL;
      switch (pname) {
      case GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE: v = GL_FRAMEBUFFER_DEFAULT; break;
      case GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME: v = 0; break;
      case GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE: v = color ? rgba[0] : 0; break;
      case GL_FRAMEBUFFER_ATTACHMENT_GREEN_SIZE: v = color ? rgba[1] : 0; break;
      case GL_FRAMEBUFFER_ATTACHMENT_BLUE_SIZE: v = color ? rgba[2] : 0; break;
      case GL_FRAMEBUFFER_ATTACHMENT_ALPHA_SIZE: v = color ? rgba[3] : 0; break;
      case GL_FRAMEBUFFER_ATTACHMENT_DEPTH_SIZE: v = attachment == GL_DEPTH ? depth : 0; break;
      case GL_FRAMEBUFFER_ATTACHMENT_STENCIL_SIZE:
         v = attachment == GL_STENCIL ? stencil : 0; break;
      case GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE:
         v = attachment == GL_STENCIL ? GL_UNSIGNED_INT : GL_UNSIGNED_NORMALIZED; break;
      case GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING: v = GL_LINEAR; break;
      default:
         st_error(ctx, GL_INVALID_ENUM, where);
         return;
      }
      *params = v;
      return;
   }

   enum st_fbo_attachment slots[2];
   bool bad_op;
   unsigned n = attachment_slots(attachment, slots, &bad_op);
   if (!n) {
      st_error(ctx, bad_op ? GL_INVALID_OPERATION : GL_INVALID_ENUM, where);
      return;
   }
   const struct st_fbo_attachment_point *a = &fbo->att[slots[0]];
   if (n == 2) {
      const struct st_fbo_attachment_point *b = &fbo->att[slots[1]];
      /* DEPTH_STENCIL_ATTACHMENT: both must hold the same image */
      if (a->type != b->type || a->rb != b->rb || a->tex != b->tex || a->level != b->level ||
          a->tex_target != b->tex_target || a->layer != b->layer ||
          a->layered != b->layered) {
         st_error(ctx, GL_INVALID_OPERATION, where);
         return;
      }
      if (pname == GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE) {
         st_error(ctx, GL_INVALID_OPERATION, where);
         return;
      }
   }
   if (a->type == GL_NONE) {
      if (pname == GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE) {
         *params = GL_NONE;
      } else if (pname == GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME) {
         *params = 0;
      } else {
         st_error(ctx, GL_INVALID_OPERATION, where);   /* no image to describe */
      }
      return;
   }

   /* the image's format, for sizes / types */
   enum pipe_format format = PIPE_FORMAT_NONE;
   GLenum base = 0;
   if (a->type == GL_RENDERBUFFER) {
      format = a->rb->format;
      base = st_fbo_rb_base_format(a->rb->internal_format);
   } else {
      int face = st_fbo_attachment_face(a);
      const struct st_texture_image *img =
         face >= 0 && a->level >= 0 ? st_texture_get_image(a->tex, (unsigned)face,
                                                           (unsigned)a->level) : NULL;
      if (img) {
         format = img->format;
         base = img->base_format;
      }
   }
   GLint rgba[4] = { 0, 0, 0, 0 }, depth = 0, stencil = 0;
   if (format != PIPE_FORMAT_NONE) {
      if (util_format_is_depth_or_stencil(format)) {
         st_fbo_zs_bits(format, &depth, &stencil);
         if (slots[0] == ST_FBO_DEPTH && n == 1)
            stencil = 0;
         if (slots[0] == ST_FBO_STENCIL)
            depth = 0;
      } else {
         st_fbo_color_bits(format, base, rgba);
      }
   }
   bool is_tex = a->type == GL_TEXTURE;
   switch (pname) {
   case GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE: v = (GLint)a->type; break;
   case GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME: v = (GLint)(is_tex ? a->tex_name : a->rb->name); break;
   case GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LEVEL:
      if (!is_tex) goto bad_enum;
      v = a->level;
      break;
   case GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_CUBE_MAP_FACE:
      if (!is_tex) goto bad_enum;
      v = is_cube_face(a->tex_target) ? (GLint)a->tex_target : 0;
      break;
   case GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER:
      if (!is_tex) goto bad_enum;
      v = a->layer;   /* 0 for layered attachments */
      break;
   case GL_FRAMEBUFFER_ATTACHMENT_LAYERED:
      /* GL 3.2 6.1.11: textures only */
      if (!is_tex || !st_desktop(ctx) || ctx->version < 32) goto bad_enum;
      v = a->layered;
      break;
   case GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE: v = rgba[0]; break;
   case GL_FRAMEBUFFER_ATTACHMENT_GREEN_SIZE: v = rgba[1]; break;
   case GL_FRAMEBUFFER_ATTACHMENT_BLUE_SIZE: v = rgba[2]; break;
   case GL_FRAMEBUFFER_ATTACHMENT_ALPHA_SIZE: v = rgba[3]; break;
   case GL_FRAMEBUFFER_ATTACHMENT_DEPTH_SIZE: v = depth; break;
   case GL_FRAMEBUFFER_ATTACHMENT_STENCIL_SIZE: v = stencil; break;
   case GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE:
      v = format == PIPE_FORMAT_NONE ? GL_NONE
          : component_type(format, slots[0] == ST_FBO_STENCIL ? GL_STENCIL_INDEX : base);
      break;
   case GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING:
      v = format != PIPE_FORMAT_NONE && util_format_description(format)->is_srgb ? GL_SRGB
                                                                                 : GL_LINEAR;
      break;
   default:
      goto bad_enum;
   }
   *params = v;
   return;
bad_enum:
   st_error(ctx, GL_INVALID_ENUM, where);
}

void GLAPIENTRY
api_glGetFramebufferAttachmentParameteriv(GLenum target, GLenum attachment, GLenum pname,
                                          GLint *params)
{
   get_attachment_parameter(target, attachment, pname, params,
                            "glGetFramebufferAttachmentParameteriv");
}

void GLAPIENTRY
api_glGetFramebufferAttachmentParameterivEXT(GLenum target, GLenum attachment, GLenum pname,
                                             GLint *params)
{
   get_attachment_parameter(target, attachment, pname, params,
                            "glGetFramebufferAttachmentParameterivEXT");
}

/* --- glBlitFramebuffer ------------------------------------------------------------ */

/* The GL rectangle edges (x0, y0)-(x1, y1) of b as a pipe box (sizes
 * negative when the rectangle is reversed or the buffer is top-first). */
static void
blit_box(const struct st_fb_buffer *b, GLint x0, GLint y0, GLint x1, GLint y1,
         struct pipe_box *box)
{
   box->x = x0;
   box->width = x1 - x0;
   if (b->flip_y) {
      box->y = (int)b->height - y0;
      box->height = -(y1 - y0);
   } else {
      box->y = y0;
      box->height = y1 - y0;
   }
   box->z = (int)b->layer;
   box->depth = 1;
}

static void
do_blit(struct st_context *ctx, const struct st_fb_buffer *src, const struct st_fb_buffer *dst,
        const GLint r[8], unsigned mask, GLenum filter, const struct pipe_scissor_state *sc)
{
   struct pipe_blit_info info;
   memset(&info, 0, sizeof info);
   info.src.resource = src->res;
   info.src.level = src->level;
   info.src.format = src->format;
   blit_box(src, r[0], r[1], r[2], r[3], &info.src.box);
   info.dst.resource = dst->res;
   info.dst.level = dst->level;
   info.dst.format = dst->format;
   blit_box(dst, r[4], r[5], r[6], r[7], &info.dst.box);
   info.mask = mask;
   info.filter = filter == GL_NEAREST ? PIPE_TEX_FILTER_NEAREST : PIPE_TEX_FILTER_LINEAR;
   if (sc) {
      info.scissor_enable = true;
      info.scissor = *sc;
      if (dst->flip_y) {
         info.scissor.miny = (uint16_t)(dst->height - sc->maxy);
         info.scissor.maxy = (uint16_t)(dst->height - sc->miny);
      }
   }
   ctx->pipe->blit(ctx->pipe, &info);
}

/*
 * "Identical formats" of a multisample blit are GL's sized internal formats
 * (as Mesa compares them), not the driver's memory layouts: a BGRA8
 * window-system buffer and an RGBA8 renderbuffer / multisample texture are
 * both GL_RGBA8.  Same R, G, B, A components (type, size, normalization);
 * X padding counts as no component, so the texel size does not matter (a
 * GL_RGB8 texture stored as R8G8B8, a multisample one as R8G8B8X8).  The
 * colour space does not count: an sRGB and a linear format of the same
 * layout are identical for blits (what drivers and programs rely on;
 * piglit's arb_framebuffer_srgb-blit checks that such multisample blits
 * are allowed).
 */
static bool
same_gl_color_format(enum pipe_format a, enum pipe_format b)
{
   if (a == b)
      return true;
   const struct util_format_description *da = util_format_description(a);
   const struct util_format_description *db = util_format_description(b);
   if (!da || !db || da->layout != UTIL_FORMAT_LAYOUT_PLAIN ||
       db->layout != UTIL_FORMAT_LAYOUT_PLAIN || da->is_luminance != db->is_luminance ||
       da->is_intensity != db->is_intensity || da->is_alpha_only != db->is_alpha_only)
      return false;
   for (unsigned c = 0; c < 4; c++) {
      unsigned sa = da->swizzle[c], sb = db->swizzle[c];
      bool ha = sa < 4 && da->channel[sa].type != UTIL_FORMAT_TYPE_VOID;
      bool hb = sb < 4 && db->channel[sb].type != UTIL_FORMAT_TYPE_VOID;
      if (ha != hb)
         return false;
      if (ha && (da->channel[sa].type != db->channel[sb].type ||
                 da->channel[sa].size != db->channel[sb].size))
         return false;
      if (!ha && sa != sb)
         return false;   /* constant 0 vs 1 (e.g. luminance vs RGB) */
   }
   return true;
}

/* Depth / stencil component of a format: bits and whether it is float. */
static void
zs_kind(enum pipe_format f, bool stencil, unsigned *bits, bool *is_float)
{
   const struct util_format_description *d = util_format_description(f);
   unsigned c = d->swizzle[stencil ? 1 : 0];
   *bits = c < 4 ? d->channel[c].size : 0;
   *is_float = c < 4 && d->channel[c].type == UTIL_FORMAT_TYPE_FLOAT;
}

/*
 * One axis of a blit: narrow the destination pixel range [*lo, *hi) (already
 * clipped to the draw buffer and scissor) to the pixels inside the
 * destination rectangle whose centres map into [0, src_size) of the read
 * buffer, by the linear map of the rectangle edges (s0, s1) <- (d0, d1).
 * False when nothing is left.
 */
static bool
blit_clip_axis(GLint s0, GLint s1, GLint d0, GLint d1, unsigned src_size, int64_t *lo,
               int64_t *hi)
{
   int64_t dmin = d0 < d1 ? d0 : d1, dmax = d0 < d1 ? d1 : d0;
   if (dmin > *lo) *lo = dmin;
   if (dmax < *hi) *hi = dmax;
   if (*lo >= *hi)
      return false;
   double scale = ((double)s1 - (double)s0) / ((double)d1 - (double)d0);
   int64_t first = -1, last = -1;
   for (int64_t i = *lo; i < *hi; i++) {
      double u = (double)s0 + ((double)i + 0.5 - (double)d0) * scale;
      if (u >= 0.0 && u < (double)src_size) {
         if (first < 0)
            first = i;
         last = i;
      }
   }
   if (first < 0)
      return false;
   *lo = first;
   *hi = last + 1;
   return true;
}

/*
 * Rectangle edges the blit passes to the driver lie within +-BLIT_COORD_MAX,
 * so that every pipe box size (x1 - x0) and flipped origin (height - y0)
 * computed from them fits an int.
 */
#define BLIT_COORD_MAX ((1 << 30) - 1)

static bool
blit_coord_ok(GLint v)
{
   return v >= -BLIT_COORD_MAX && v <= BLIT_COORD_MAX;
}

static GLint
blit_coord_clamp(double v)
{
   return v < -BLIT_COORD_MAX ? -BLIT_COORD_MAX : v > BLIT_COORD_MAX ? BLIT_COORD_MAX : (GLint)v;
}

/*
 * One axis of a blit whose edges may be anywhere in the GLint range.  When
 * an edge is beyond +-BLIT_COORD_MAX, the rectangles are replaced by the
 * part that matters: the destination edges become the pixel range [lo, hi)
 * the blit writes (already clipped to the drawable, blit_clip_axis), the
 * source edges the points those map to (in double), widened to whole pixels
 * (at least one).  Each written pixel's centre still maps into the same
 * source pixel but at the widened edges; the scale of such a blit is
 * approximate (docs/robustness.md).  Rectangles within the range are kept,
 * so ordinary blits scale exactly.
 */
static void
blit_reduce_axis(GLint *s0, GLint *s1, GLint *d0, GLint *d1, int64_t lo, int64_t hi)
{
   if (blit_coord_ok(*s0) && blit_coord_ok(*s1) && blit_coord_ok(*d0) && blit_coord_ok(*d1))
      return;
   double scale = ((double)*s1 - (double)*s0) / ((double)*d1 - (double)*d0);
   bool dir = *d0 < *d1;
   double nd0 = (double)(dir ? lo : hi), nd1 = (double)(dir ? hi : lo);
   double a = (double)*s0 + (nd0 - (double)*d0) * scale;
   double b = (double)*s0 + (nd1 - (double)*d0) * scale;
   double smin = floor(a < b ? a : b), smax = ceil(a < b ? b : a);
   if (smax <= smin)
      smax = smin + 1.0;
   GLint lo_i = blit_coord_clamp(smin), hi_i = blit_coord_clamp(smax);
   if (hi_i == lo_i)   /* both clamped to one end */
      lo_i = hi_i - 1;
   *s0 = a <= b ? lo_i : hi_i;
   *s1 = a <= b ? hi_i : lo_i;
   *d0 = (GLint)(dir ? lo : hi);
   *d1 = (GLint)(dir ? hi : lo);
}

static void
blit_framebuffer(GLint srcX0, GLint srcY0, GLint srcX1, GLint srcY1, GLint dstX0, GLint dstY0,
                 GLint dstX1, GLint dstY1, GLbitfield mask, GLenum filter, const char *where)
{
   ST_ENTRY(ctx);
   if (mask & ~(GLbitfield)(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT)) {
      st_error(ctx, GL_INVALID_VALUE, where);
      return;
   }
   /* EXT_framebuffer_multisample_blit_scaled's filters: a resolve, then
    * a LINEAR scale (offered with multisampling, st_caps.c) */
   bool scaled = (filter == GL_SCALED_RESOLVE_FASTEST_EXT ||
                  filter == GL_SCALED_RESOLVE_NICEST_EXT) &&
                 ctx->screen->caps.max_samples > 1 && ctx->screen->caps.blit;
   if (filter != GL_NEAREST && filter != GL_LINEAR && !scaled) {
      st_error(ctx, GL_INVALID_ENUM, where);
      return;
   }
   if ((mask & (GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT)) && filter != GL_NEAREST) {
      st_error(ctx, GL_INVALID_OPERATION, where);
      return;
   }
   struct st_fb_info rfb, dfb;
   if (!st_fb_check_draw(ctx, &dfb, where) || !st_fb_check_read_multisample(ctx, &rfb, where))
      return;

   /* multisampling (ARB_framebuffer_object): resolve (read multisample),
    * replicate (draw multisample) or copy samples (equal counts); the
    * rectangles must be the same size and the formats identical (checked
    * below) unless a scaled-resolve filter allows scaling */
   unsigned read_samples = st_fb_read_samples(ctx), draw_samples = st_fb_draw_samples(ctx);
   bool multisample = read_samples > 0 || draw_samples > 0;
   if (scaled && (draw_samples > 0 || read_samples == 0)) {
      st_error(ctx, GL_INVALID_OPERATION, where);
      return;
   }
   if (read_samples > 0 && draw_samples > 0 && read_samples != draw_samples) {
      st_error(ctx, GL_INVALID_OPERATION, where);
      return;
   }
   if (multisample && !scaled &&
       (llabs((int64_t)srcX1 - srcX0) != llabs((int64_t)dstX1 - dstX0) ||
        llabs((int64_t)srcY1 - srcY0) != llabs((int64_t)dstY1 - dstY0))) {
      st_error(ctx, GL_INVALID_OPERATION, where);
      return;
   }

   struct st_fb_buffer src_color, dst_colors[ST_MAX_DRAW_BUFFERS];
   struct st_fb_buffer src_z, dst_z, src_s, dst_s;
   unsigned ndst = 0;
   bool color = false, depth = false, stencil = false;
   if (mask & GL_COLOR_BUFFER_BIT) {
      ndst = st_fb_draw_colors(ctx, dst_colors);
      color = st_fb_blit_read_color(ctx, &src_color) && ndst > 0;
      if (color) {
         const struct util_format_description *sd = util_format_description(src_color.format);
         for (unsigned i = 0; i < ndst; i++) {
            const struct util_format_description *dd =
               util_format_description(dst_colors[i].format);
            if (sd->is_pure_integer != dd->is_pure_integer ||
                (multisample && !same_gl_color_format(src_color.format,
                                                      dst_colors[i].format))) {
               st_error(ctx, GL_INVALID_OPERATION, where);
               return;
            }
         }
         if (sd->is_pure_integer && filter != GL_NEAREST) {
            st_error(ctx, GL_INVALID_OPERATION, where);
            return;
         }
      }
   }
   if (mask & GL_DEPTH_BUFFER_BIT) {
      depth = st_fb_read_depth(ctx, &src_z) && st_fb_draw_depth(ctx, &dst_z);
      if (depth) {
         unsigned sb, db;
         bool sf, df;
         zs_kind(src_z.format, false, &sb, &sf);
         zs_kind(dst_z.format, false, &db, &df);
         /* "depth formats do not match": the depth component's (a Z24X8
          * and a Z24S8 buffer match for depth, also multisampled, as in
          * Mesa; piglit's no-color blits between them) */
         if (sb != db || sf != df) {
            st_error(ctx, GL_INVALID_OPERATION, where);
            return;
         }
      }
   }
   if (mask & GL_STENCIL_BUFFER_BIT) {
      stencil = st_fb_read_stencil(ctx, &src_s) && st_fb_draw_stencil(ctx, &dst_s);
      if (stencil) {
         unsigned sb, db;
         bool sf, df;
         zs_kind(src_s.format, true, &sb, &sf);
         zs_kind(dst_s.format, true, &db, &df);
         if (sb != db) {
            st_error(ctx, GL_INVALID_OPERATION, where);
            return;
         }
      }
   }
   if (!ctx->pipe->blit)
      return;
   if (srcX0 == srcX1 || srcY0 == srcY1 || dstX0 == dstX1 || dstY0 == dstY1)
      return;

   /* Destination pixels written: those of the draw buffer whose centres map
    * inside the read buffer (the rest have no source: left alone), within the
    * scissor rectangle when the scissor test is on (GL window coordinates).
    * Clipping as a scissor keeps the rectangles, so the scale is exact. */
   int64_t x0 = 0, y0 = 0, x1 = dfb.width, y1 = dfb.height;
   if (st_is_enabled(ctx, ST_CAP_SCISSOR_TEST)) {
      int64_t sx0 = ctx->scissor.x, sy0 = ctx->scissor.y;
      if (!u_clip_span(&x0, &x1, sx0, sx0 + ctx->scissor.width) ||
          !u_clip_span(&y0, &y1, sy0, sy0 + ctx->scissor.height))
         return;
   }
   if (!blit_clip_axis(srcX0, srcX1, dstX0, dstX1, rfb.width, &x0, &x1) ||
       !blit_clip_axis(srcY0, srcY1, dstY0, dstY1, rfb.height, &y0, &y1))
      return;
   /* edges beyond +-2^30: reduced to the written part (box sizes fit int) */
   blit_reduce_axis(&srcX0, &srcX1, &dstX0, &dstX1, x0, x1);
   blit_reduce_axis(&srcY0, &srcY1, &dstY0, &dstY1, y0, y1);
   struct pipe_scissor_state sc;
   const struct pipe_scissor_state *scp = &sc;
   sc.minx = (uint16_t)x0;
   sc.maxx = (uint16_t)x1;
   sc.miny = (uint16_t)y0;
   sc.maxy = (uint16_t)y1;

   /* NV_conditional_render (and GL 3.0+) discard blits too */
   if (st_cond_render_discards(ctx))
      return;
   const GLint r[8] = { srcX0, srcY0, srcX1, srcY1, dstX0, dstY0, dstX1, dstY1 };
   if (color) {
      for (unsigned i = 0; i < ndst; i++)
         do_blit(ctx, &src_color, &dst_colors[i], r, PIPE_MASK_RGBA, filter, scp);
      st_fb_draw_written(ctx);
   }
   if (depth && stencil && src_z.res == src_s.res && dst_z.res == dst_s.res) {
      do_blit(ctx, &src_z, &dst_z, r, PIPE_MASK_Z | PIPE_MASK_S, GL_NEAREST, scp);
   } else {
      if (depth)
         do_blit(ctx, &src_z, &dst_z, r, PIPE_MASK_Z, GL_NEAREST, scp);
      if (stencil)
         do_blit(ctx, &src_s, &dst_s, r, PIPE_MASK_S, GL_NEAREST, scp);
   }
}

void GLAPIENTRY
api_glBlitFramebuffer(GLint srcX0, GLint srcY0, GLint srcX1, GLint srcY1, GLint dstX0,
                      GLint dstY0, GLint dstX1, GLint dstY1, GLbitfield mask, GLenum filter)
{
   blit_framebuffer(srcX0, srcY0, srcX1, srcY1, dstX0, dstY0, dstX1, dstY1, mask, filter,
                    "glBlitFramebuffer");
}

void GLAPIENTRY
api_glBlitFramebufferEXT(GLint srcX0, GLint srcY0, GLint srcX1, GLint srcY1, GLint dstX0,
                         GLint dstY0, GLint dstX1, GLint dstY1, GLbitfield mask,
                         GLenum filter)
{
   blit_framebuffer(srcX0, srcY0, srcX1, srcY1, dstX0, dstY0, dstX1, dstY1, mask, filter,
                    "glBlitFramebufferEXT");
}

/* --- ES 3.0: glGetInternalformativ (section 6.1.15), glInvalidate[Sub]Framebuffer
 * (section 4.5) ------------------------------------------------------------------- */

void GLAPIENTRY
api_glGetInternalformativ(GLenum target, GLenum internalformat, GLenum pname, GLsizei bufSize,
                          GLint *params)
{
   ST_ENTRY(ctx);
   const struct rb_format *f = accepted_rb_format(ctx, internalformat);
   if (target != GL_RENDERBUFFER || !f ||
       (pname != GL_NUM_SAMPLE_COUNTS && pname != GL_SAMPLES)) {
      st_error(ctx, GL_INVALID_ENUM, "glGetInternalformativ");
      return;
   }
   if (bufSize < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glGetInternalformativ");
      return;
   }
   /* the sample counts glRenderbufferStorageMultisample makes of this
    * format, largest first; none for integer formats (ES 3.0 6.1.15) */
   struct pipe_screen *screen = ctx->screen;
   bool zs = f->base == GL_DEPTH_COMPONENT || f->base == GL_STENCIL_INDEX ||
             f->base == GL_DEPTH_STENCIL;
   unsigned bind = zs ? PIPE_BIND_DEPTH_STENCIL : PIPE_BIND_RENDER_TARGET;
   GLint counts[8];
   unsigned n = 0;
   unsigned max_samples = screen->caps.max_samples > 1 ? screen->caps.max_samples : 0;
   if (!rb_format_is_integer(internalformat)) {
      for (unsigned s = 32; s >= 2; s /= 2) {
         if (s > max_samples || !screen->is_format_supported)
            continue;
         bool ok = false;
         for (unsigned i = 0; i < 3 && f->formats[i] != PIPE_FORMAT_NONE && !ok; i++)
            ok = screen->is_format_supported(screen, f->formats[i], PIPE_TEXTURE_2D, s, bind);
         if (ok && n < 8)
            counts[n++] = (GLint)s;
      }
   }
   if (!params)
      return;
   if (pname == GL_NUM_SAMPLE_COUNTS) {
      if (bufSize >= 1)
         params[0] = (GLint)n;
      return;
   }
   for (unsigned i = 0; i < n && i < (unsigned)bufSize; i++)
      params[i] = counts[i];
}

/* The attachments of glInvalidate[Sub]Framebuffer: the window system's
 * GL_COLOR / GL_DEPTH / GL_STENCIL, a framebuffer object's attachment
 * points; false with the error raised. */
static bool
invalidate_check(struct st_context *ctx, GLenum target, GLsizei n, const GLenum *attachments,
                 const char *where)
{
   struct st_framebuffer_object *fbo;
   if (!target_fbo(ctx, target, &fbo)) {
      st_error(ctx, GL_INVALID_ENUM, where);
      return false;
   }
   if (n < 0) {
      st_error(ctx, GL_INVALID_VALUE, where);
      return false;
   }
   for (GLsizei i = 0; i < n && attachments; i++) {
      GLenum a = attachments[i];
      if (!fbo) {
         if (a != GL_COLOR && a != GL_DEPTH && a != GL_STENCIL) {
            st_error(ctx, GL_INVALID_ENUM, where);
            return false;
         }
         continue;
      }
      enum st_fbo_attachment slots[2];
      bool bad_op;
      if (!attachment_slots(a, slots, &bad_op)) {
         st_error(ctx, bad_op ? GL_INVALID_OPERATION : GL_INVALID_ENUM, where);
         return false;
      }
   }
   return true;
}

/* The contents may become undefined: Pony keeps them (a hint, no work). */
void GLAPIENTRY
api_glInvalidateFramebuffer(GLenum target, GLsizei numAttachments, const GLenum *attachments)
{
   ST_ENTRY(ctx);
   invalidate_check(ctx, target, numAttachments, attachments, "glInvalidateFramebuffer");
}

void GLAPIENTRY
api_glInvalidateSubFramebuffer(GLenum target, GLsizei numAttachments, const GLenum *attachments,
                               GLint x, GLint y, GLsizei width, GLsizei height)
{
   ST_ENTRY(ctx);
   (void)x;
   (void)y;
   if (!invalidate_check(ctx, target, numAttachments, attachments,
                         "glInvalidateSubFramebuffer"))
      return;
   if (width < 0 || height < 0)
      st_error(ctx, GL_INVALID_VALUE, "glInvalidateSubFramebuffer");
}
