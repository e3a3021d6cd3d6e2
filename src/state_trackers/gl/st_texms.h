/*
 * GL_ARB_texture_multisample (api/api_texms.c): multisample textures,
 * sample positions, the sample mask.  What other files ask of it.
 */
#ifndef ST_TEXMS_H
#define ST_TEXMS_H

#include <stdbool.h>
#include <stdint.h>

#include "st_gl.h"

struct st_context;
struct st_texture_image;

/* GL_MAX_SAMPLE_MASK_WORDS: one 32-bit word (drivers have at most 32 samples). */
#define ST_MAX_SAMPLE_MASK_WORDS 1

/*
 * glGet of the extension's values (GL_MAX_SAMPLE_MASK_WORDS,
 * GL_MAX_{COLOR,DEPTH}_TEXTURE_SAMPLES, GL_MAX_INTEGER_SAMPLES,
 * GL_TEXTURE_BINDING_2D_MULTISAMPLE[_ARRAY], GL_SAMPLE_MASK) for api_get.c:
 * 0 = not one of them, 1 = integer, 2 = boolean in *out, -1 = one of them
 * but the context does not offer the extension (GL_INVALID_ENUM).
 */
int st_texms_get(struct st_context *ctx, GLenum pname, int64_t *out);

/*
 * glGetTexLevelParameter on GL_TEXTURE_2D_MULTISAMPLE[_ARRAY] and their
 * proxies (api_texture.c): 0 = target is none of them (the caller goes
 * on); 1 = *img is the image (*proxy set); -1 = error raised.
 */
int st_texms_query_image(struct st_context *ctx, GLenum target, GLint level,
                         const char *name, struct st_texture_image **img, bool *proxy);

/*
 * glTexParameter on GL_TEXTURE_2D_MULTISAMPLE[_ARRAY] (offered with
 * GL_ARB_texture_storage_multisample, api_texture.c): raises
 * GL_INVALID_OPERATION and returns false for sampler state and a non-zero
 * GL_TEXTURE_BASE_LEVEL; true if the parameter may be set.
 */
bool st_texms_param_ok(struct st_context *ctx, GLenum pname, GLint value, const char *name);

#endif
