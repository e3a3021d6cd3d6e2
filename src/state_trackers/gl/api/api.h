/*
 * Helpers shared by the entry points in api/ (and the unit tests).
 */
#ifndef API_H
#define API_H

#include <stdbool.h>

#include "st_context.h"

/* --- api_enable.c --- */
#define ST_CAP_NONE   (-1)   /* not a capability */
#define ST_CAP_CLIENT (-2)   /* a client array (glIsEnabled only; never enabled yet) */
/* The st_cap of a glEnable/glIsEnabled enum, or ST_CAP_NONE / ST_CAP_CLIENT. */
int st_cap_lookup(GLenum cap);
/* Does the context offer capability c (an extension's enable)? */
bool st_cap_offered(const struct st_context *ctx, int c);
/* The glPushAttrib groups (besides GL_ENABLE_BIT) a capability belongs to. */
GLbitfield st_cap_attrib_bits(enum st_cap cap);

/* --- api_get.c: the state-query conversions of GL 2.1 section 6.1.2 --- */
GLint st_get_float_to_int(GLdouble f);          /* round to nearest, clamped */
GLint st_float_to_int_trunc(GLdouble f);        /* toward zero, clamped, NaN -> 0 */
GLint st_get_norm_to_int(GLdouble f);           /* [-1, 1] onto the whole int range */
GLboolean st_get_float_to_bool(GLdouble f);
GLboolean st_get_int_to_bool(GLint64 i);

/* Channel bits of the colour / depth / stencil buffer of a visual (0 if absent). */
void st_visual_bits(const struct st_visual *v, GLint rgba[4], GLint *depth, GLint *stencil);

/* --- api_string.c --- */
/* How many extensions glGetStringi lists (GL_NUM_EXTENSIONS): the caps'
 * list on desktop, the ES list in ES 3 contexts. */
GLint st_num_extensions(struct st_context *ctx);

/* --- api_pixelstore.c --- */
/* Is pname a desktop pixel-store mode in a context whose API lacks it (ES
 * 1.1 has only the alignments)?  glPixelStore and glGet refuse it. */
bool st_pixelstore_pname_hidden(const struct st_context *ctx, GLenum pname);

/* --- api_es.c: OpenGL ES 1.1 rules on entry points shared with desktop GL --- */
/* Is cap a glEnable/glIsEnabled capability of ES 1.1? */
bool st_es1_cap_ok(GLenum cap);
/* ES 1.1 rules of glTexImage2D (copy: glCopyTexImage2D); raises the error. */
bool st_es1_teximage_ok(struct st_context *ctx, GLenum target, GLint internalformat,
                        GLint border, GLenum format, GLenum type, bool copy, const char *where);
/* ES 1.1 glCompressedTexImage2D: OES_compressed_paletted_texture, decoded
 * into RGB/RGBA images of levels 0..-level. */
void st_es1_paletted_teximage(struct st_context *ctx, GLenum target, GLint level,
                              GLenum internalformat, GLsizei width, GLsizei height,
                              GLint border, GLsizei image_size, const void *data);

#endif
