/*
 * glPixelStorei, glPixelStoref: the pack and unpack pixel-store modes.
 */
#include <math.h>

#include "api.h"
#include "st_context.h"

/* The desktop pixel-store modes besides the two alignments. */
static bool
is_desktop_mode(GLenum pname)
{
   switch (pname) {
   case GL_PACK_SWAP_BYTES: case GL_PACK_LSB_FIRST: case GL_PACK_ROW_LENGTH:
   case GL_PACK_IMAGE_HEIGHT: case GL_PACK_SKIP_ROWS: case GL_PACK_SKIP_PIXELS:
   case GL_PACK_SKIP_IMAGES:
   case GL_UNPACK_SWAP_BYTES: case GL_UNPACK_LSB_FIRST: case GL_UNPACK_ROW_LENGTH:
   case GL_UNPACK_IMAGE_HEIGHT: case GL_UNPACK_SKIP_ROWS: case GL_UNPACK_SKIP_PIXELS:
   case GL_UNPACK_SKIP_IMAGES:
      return true;
   default:
      return false;
   }
}

/* ES 1.1 (sections 3.6.1 and 4.3.1) has the two alignments only: a desktop
 * mode accepted there would make the pack/unpack code read or write beyond
 * what an ES caller sized its buffer for. */
bool
st_pixelstore_pname_hidden(const struct st_context *ctx, GLenum pname)
{
   return ctx->profile == ST_PROFILE_GLES1 && is_desktop_mode(pname);
}

static void
pixel_store(struct st_context *ctx, GLenum pname, GLint param, const char *where)
{
   struct st_pixelstore *ps;
   if (st_pixelstore_pname_hidden(ctx, pname)) {
      st_error(ctx, GL_INVALID_ENUM, where);
      return;
   }
   switch (pname) {
   case GL_PACK_SWAP_BYTES: case GL_PACK_LSB_FIRST: case GL_PACK_ROW_LENGTH:
   case GL_PACK_IMAGE_HEIGHT: case GL_PACK_SKIP_ROWS: case GL_PACK_SKIP_PIXELS:
   case GL_PACK_SKIP_IMAGES: case GL_PACK_ALIGNMENT:
      ps = &ctx->pixelstore.pack;
      break;
   case GL_UNPACK_SWAP_BYTES: case GL_UNPACK_LSB_FIRST: case GL_UNPACK_ROW_LENGTH:
   case GL_UNPACK_IMAGE_HEIGHT: case GL_UNPACK_SKIP_ROWS: case GL_UNPACK_SKIP_PIXELS:
   case GL_UNPACK_SKIP_IMAGES: case GL_UNPACK_ALIGNMENT:
      ps = &ctx->pixelstore.unpack;
      break;
   default:
      st_error(ctx, GL_INVALID_ENUM, where);
      return;
   }

   switch (pname) {
   case GL_PACK_SWAP_BYTES: case GL_UNPACK_SWAP_BYTES:
      ps->swap_bytes = param ? GL_TRUE : GL_FALSE;
      return;
   case GL_PACK_LSB_FIRST: case GL_UNPACK_LSB_FIRST:
      ps->lsb_first = param ? GL_TRUE : GL_FALSE;
      return;
   case GL_PACK_ALIGNMENT: case GL_UNPACK_ALIGNMENT:
      if (param != 1 && param != 2 && param != 4 && param != 8) {
         st_error(ctx, GL_INVALID_VALUE, where);
         return;
      }
      ps->alignment = param;
      return;
   default:
      break;
   }

   if (param < 0) {
      st_error(ctx, GL_INVALID_VALUE, where);
      return;
   }
   switch (pname) {
   case GL_PACK_ROW_LENGTH: case GL_UNPACK_ROW_LENGTH: ps->row_length = param; break;
   case GL_PACK_IMAGE_HEIGHT: case GL_UNPACK_IMAGE_HEIGHT: ps->image_height = param; break;
   case GL_PACK_SKIP_ROWS: case GL_UNPACK_SKIP_ROWS: ps->skip_rows = param; break;
   case GL_PACK_SKIP_PIXELS: case GL_UNPACK_SKIP_PIXELS: ps->skip_pixels = param; break;
   default: ps->skip_images = param; break;
   }
}

void GLAPIENTRY
api_glPixelStorei(GLenum pname, GLint param)
{
   ST_ENTRY(ctx);
   pixel_store(ctx, pname, param, "glPixelStorei");
}

void GLAPIENTRY
api_glPixelStoref(GLenum pname, GLfloat param)
{
   ST_ENTRY(ctx);
   GLint i;
   if (pname == GL_PACK_SWAP_BYTES || pname == GL_PACK_LSB_FIRST ||
       pname == GL_UNPACK_SWAP_BYTES || pname == GL_UNPACK_LSB_FIRST)
      i = param != 0.0f;
   else if (param != param || param > 2147483647.0f)   /* NaN or too big: an invalid value */
      i = -1;
   else if (param < -2147483648.0f)
      i = -1;
   else
      i = (GLint)floor((double)param + 0.5);   /* independent of the FPU rounding mode */
   pixel_store(ctx, pname, i, "glPixelStoref");
}
