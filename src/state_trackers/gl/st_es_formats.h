/*
 * OpenGL ES 2.0 / 3.0 format rules of the texture, renderbuffer and
 * read-back commands (st_es_formats.c): tables of the combinations the ES
 * specifications list, with the ES extensions Pony offers adding rows.
 * Each check answers the GL error of a call (GL_NO_ERROR when it is
 * legal) and is only asked in ES 2.0 / 3.0 contexts (ST_PROFILE_GLES2);
 * desktop contexts keep their own rules.
 */
#ifndef ST_ES_FORMATS_H
#define ST_ES_FORMATS_H

#include <stdbool.h>

#include "pipe/p_format.h"
#include "st_context.h"

/* glTexImage2D/3D: internalformat / format / type (ES 3.0 tables 3.2 and
 * 3.3, ES 2.0 table 3.4 with internalformat == format).  Compressed
 * internal formats are left to the caller (GL_NO_ERROR). */
GLenum st_es_teximage_error(const struct st_context *ctx, GLenum internalformat, GLenum format,
                            GLenum type);

/* glTexSubImage2D/3D: format / type against an existing image of
 * internal format ifmt and base format base. */
GLenum st_es_texsubimage_error(const struct st_context *ctx, GLenum ifmt, GLenum base,
                               GLenum format, GLenum type);

/* glTexStorage2D/3D in ES 3.0: a sized internal format of table 3.2 (or a
 * compressed one, checked by the caller)? */
bool st_es_storage_format_ok(const struct st_context *ctx, GLenum internalformat);

/* glRenderbufferStorage(Multisample): a colour-, depth- or
 * stencil-renderable format of the context (ES 3.0 4.4.2 / table 3.13,
 * ES 2.0 4.4.3 and its extensions)? */
bool st_es_renderbuffer_format_ok(const struct st_context *ctx, GLenum internalformat);

/* glCopyTexImage2D: internalformat against the read buffer (its pipe
 * format and, for an FBO attachment, base internal format; 0 for a window
 * buffer).  GL_INVALID_ENUM for a format the command never takes,
 * GL_INVALID_OPERATION for a conversion ES does not make (table 3.15). */
GLenum st_es_copyteximage_error(const struct st_context *ctx, GLenum internalformat,
                                enum pipe_format read_format, GLenum read_base);

/* glReadPixels of colour: format / type against the read buffer's pipe
 * format (ES 3.0 4.3.2, ES 2.0 4.3.1). */
GLenum st_es_readpixels_error(const struct st_context *ctx, GLenum format, GLenum type,
                              enum pipe_format read_format);

#endif
