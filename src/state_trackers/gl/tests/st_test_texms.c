/*
 * GL_ARB_texture_multisample on refpipe: the entry points' errors,
 * limits, bindings and image queries, glGetMultisamplefv against refpipe's
 * standard 4x pattern (framebuffer objects unflipped, window-system
 * buffers flipped), the sample mask state, framebuffer completeness with
 * multisample textures, and rendering: an edge pixel of a primitive drawn
 * into a 4x multisample texture resolves (glBlitFramebuffer) to the covered
 * fraction, and GL_SAMPLE_MASK removes the samples its bits clear.
 */
#include <math.h>
#include <string.h>

#include "api/api.h"
#include "st_caps.h"
#include "st_test_fb.h"

#define W 32
#define H 32

static void
quad(float x0, float y0, float x1, float y1, float r, float g, float b)
{
   api_glColor3f(r, g, b);
   api_glBegin(GL_QUADS);
   api_glVertex2f(x0, y0);
   api_glVertex2f(x1, y0);
   api_glVertex2f(x1, y1);
   api_glVertex2f(x0, y1);
   api_glEnd();
}

static GLint
get_int(GLenum pname)
{
   GLint v = -12345;
   api_glGetIntegerv(pname, &v);
   return v;
}

/* --- limits, bindings, image specification errors ------------------------------ */

static void
test_limits_and_bindings(void)
{
   CHECK(test_has_extension("GL_ARB_texture_multisample"), "extension not offered");
   api_glGetError();
   CHECK_EQ_INT(get_int(GL_MAX_SAMPLE_MASK_WORDS), 1);
   GLint max = get_int(GL_MAX_SAMPLES);
   CHECK_EQ_INT(max, 8);                                 /* refpipe: 2, 4, 8 */
   CHECK_EQ_INT(get_int(GL_MAX_COLOR_TEXTURE_SAMPLES), 8);
   CHECK_EQ_INT(get_int(GL_MAX_DEPTH_TEXTURE_SAMPLES), 8);
   CHECK(get_int(GL_MAX_INTEGER_SAMPLES) >= 1, "GL_MAX_INTEGER_SAMPLES");
   GLfloat f = 0;
   api_glGetFloatv(GL_MAX_COLOR_TEXTURE_SAMPLES, &f);
   CHECK(f == 8.0f, "float max colour samples %g", f);
   CHECK_EQ_INT(get_int(GL_TEXTURE_BINDING_2D_MULTISAMPLE), 0);
   CHECK_EQ_INT(get_int(GL_TEXTURE_BINDING_2D_MULTISAMPLE_ARRAY), 0);
   CHECK_GL_ERROR(GL_NO_ERROR);

   GLuint t[3];
   api_glGenTextures(3, t);
   api_glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, t[0]);
   api_glBindTexture(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, t[1]);
   api_glBindTexture(GL_TEXTURE_2D, t[2]);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT(get_int(GL_TEXTURE_BINDING_2D_MULTISAMPLE), t[0]);
   CHECK_EQ_INT(get_int(GL_TEXTURE_BINDING_2D_MULTISAMPLE_ARRAY), t[1]);
   CHECK(api_glIsTexture(t[0]), "bound multisample texture is a texture");
   /* an object keeps the dimensionality of its first binding */
   api_glBindTexture(GL_TEXTURE_2D, t[0]);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, t[1]);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glBindTexture(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, t[2]);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   CHECK_EQ_INT(get_int(GL_TEXTURE_BINDING_2D_MULTISAMPLE), t[0]);
   /* per unit */
   api_glActiveTexture(GL_TEXTURE1);
   CHECK_EQ_INT(get_int(GL_TEXTURE_BINDING_2D_MULTISAMPLE), 0);
   api_glActiveTexture(GL_TEXTURE0);

   /* glTexImage2DMultisample */
   api_glTexImage2DMultisample(GL_TEXTURE_2D, 4, GL_RGBA8, 8, 8, GL_TRUE);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, 4, GL_RGBA8, 8, 8, GL_TRUE);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glTexImage3DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, 8, 8, 2, GL_TRUE);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glTexImage3DMultisample(GL_TEXTURE_2D, 4, GL_RGB, 64, 64, 4, GL_FALSE);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_RGBA8, 8, 8, GL_TRUE);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, -1, GL_RGBA8, 8, 8, GL_TRUE);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, max + 1, GL_RGBA8, 8, 8, GL_TRUE);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   GLint maxsize = get_int(GL_MAX_TEXTURE_SIZE);
   api_glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, maxsize + 1, 8, GL_TRUE);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, 8, maxsize + 1, GL_TRUE);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, -1, 8, GL_TRUE);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   GLint maxlayers = get_int(GL_MAX_ARRAY_TEXTURE_LAYERS);
   CHECK_EQ_INT(maxlayers, 2048);
   api_glTexImage3DMultisample(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, 4, GL_RGBA8, 8, 8, maxlayers + 1,
                               GL_TRUE);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glTexImage3DMultisample(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, 4, GL_RGBA8, maxsize + 1, 8, 1,
                               GL_TRUE);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glTexImage3DMultisample(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, 4, GL_RGBA8, 8, 8, -2, GL_TRUE);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   /* formats that are not colour/depth/stencil-renderable */
   static const GLenum bad_formats[] = { GL_COMPRESSED_RGBA_S3TC_DXT1_EXT, GL_COMPRESSED_RGBA,
                                         3, GL_RGBA8_SNORM, GL_RGB9_E5, GL_SLUMINANCE8, 0x1234,
                                         GL_RGBA /* ok: last */ };
   for (unsigned i = 0; i + 1 < sizeof bad_formats / sizeof bad_formats[0]; i++) {
      api_glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, bad_formats[i], 8, 8, GL_TRUE);
      CHECK_GL_ERROR(GL_INVALID_ENUM);
   }
   /* nothing was defined by the failed calls */
   CHECK_EQ_INT(test_level_param(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_WIDTH), 0);
   CHECK_EQ_INT(test_level_param(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_SAMPLES), 0);
   CHECK_EQ_INT(test_level_param(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_FIXED_SAMPLE_LOCATIONS),
                1);
   /* inside glBegin/glEnd */
   api_glBegin(GL_POINTS);
   api_glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, 8, 8, GL_TRUE);
   api_glEnd();
   CHECK_GL_ERROR(GL_INVALID_OPERATION);

   /* a good one: 3 samples become 4 (the smallest count refpipe renders) */
   api_glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 3, GL_RGBA8, 16, 8, GL_FALSE);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT(test_level_param(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_WIDTH), 16);
   CHECK_EQ_INT(test_level_param(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_HEIGHT), 8);
   CHECK_EQ_INT(test_level_param(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_DEPTH), 1);
   CHECK_EQ_INT(test_level_param(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_INTERNAL_FORMAT),
                GL_RGBA8);
   CHECK_EQ_INT(test_level_param(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_SAMPLES), 4);
   CHECK_EQ_INT(test_level_param(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_FIXED_SAMPLE_LOCATIONS),
                0);
   CHECK_EQ_INT(test_level_param(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_RED_SIZE), 8);
   CHECK_EQ_INT(test_level_param(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_ALPHA_SIZE), 8);
   CHECK_GL_ERROR(GL_NO_ERROR);
   test_level_param(GL_TEXTURE_2D_MULTISAMPLE, 1, GL_TEXTURE_WIDTH);   /* one level only */
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   test_level_param(GL_TEXTURE_2D_MULTISAMPLE, -1, GL_TEXTURE_WIDTH);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   /* samples above GL_MAX_SAMPLES leave the image alone */
   api_glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 9, GL_RGBA8, 4, 4, GL_TRUE);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   CHECK_EQ_INT(test_level_param(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_WIDTH), 16);
   /* depth and depth/stencil formats */
   api_glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 2, GL_DEPTH_COMPONENT24, 8, 8, GL_TRUE);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT(test_level_param(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_DEPTH_SIZE), 24);
   CHECK_EQ_INT(test_level_param(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_SAMPLES), 2);
   api_glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 8, GL_DEPTH_STENCIL, 8, 8, GL_TRUE);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT(test_level_param(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_STENCIL_SIZE), 8);
   CHECK_EQ_INT(test_level_param(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_SAMPLES), 8);

   /* arrays */
   api_glTexImage3DMultisample(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, 4, GL_RGB, 64, 32, 3, GL_TRUE);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT(test_level_param(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, 0, GL_TEXTURE_DEPTH), 3);
   CHECK_EQ_INT(test_level_param(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, 0, GL_TEXTURE_SAMPLES), 4);
   CHECK_EQ_INT(test_level_param(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, 0,
                                 GL_TEXTURE_FIXED_SAMPLE_LOCATIONS),
                1);

   /* storage nobody has (8192 x 8192 x 2048 layers x 8 samples x 8 bytes):
    * GL_OUT_OF_MEMORY, the old image stays */
   api_glTexImage3DMultisample(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, 8, GL_RGBA16, maxsize, maxsize,
                               maxlayers, GL_TRUE);
   CHECK_GL_ERROR(GL_OUT_OF_MEMORY);
   CHECK_EQ_INT(test_level_param(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, 0, GL_TEXTURE_DEPTH), 3);

   /* proxies: recorded when the image fits, zeroed (no error) otherwise */
   api_glTexImage2DMultisample(GL_PROXY_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, 64, 32, GL_FALSE);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT(test_level_param(GL_PROXY_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_WIDTH), 64);
   CHECK_EQ_INT(test_level_param(GL_PROXY_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_SAMPLES), 4);
   CHECK_EQ_INT(test_level_param(GL_PROXY_TEXTURE_2D_MULTISAMPLE, 0,
                                 GL_TEXTURE_FIXED_SAMPLE_LOCATIONS),
                0);
   api_glTexImage2DMultisample(GL_PROXY_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, maxsize + 1, 32,
                               GL_TRUE);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT(test_level_param(GL_PROXY_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_WIDTH), 0);
   CHECK_EQ_INT(test_level_param(GL_PROXY_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_SAMPLES), 0);
   api_glTexImage3DMultisample(GL_PROXY_TEXTURE_2D_MULTISAMPLE_ARRAY, 4, GL_RGB, 1024, 1024, 4,
                               GL_FALSE);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT(test_level_param(GL_PROXY_TEXTURE_2D_MULTISAMPLE_ARRAY, 0, GL_TEXTURE_DEPTH), 4);
   /* array width/height: GL_MAX_TEXTURE_SIZE, not GL_MAX_3D_TEXTURE_SIZE */
   api_glTexImage3DMultisample(GL_PROXY_TEXTURE_2D_MULTISAMPLE_ARRAY, 4, GL_RGBA8,
                               get_int(GL_MAX_3D_TEXTURE_SIZE) * 2, 8, 2, GL_FALSE);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT(test_level_param(GL_PROXY_TEXTURE_2D_MULTISAMPLE_ARRAY, 0, GL_TEXTURE_WIDTH), 4096);
   api_glTexImage3DMultisample(GL_PROXY_TEXTURE_2D_MULTISAMPLE_ARRAY, 4, GL_RGB, 8, 8, 0,
                               GL_FALSE);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glTexImage2DMultisample(GL_PROXY_TEXTURE_2D_MULTISAMPLE, 0, GL_RGBA8, 8, 8, GL_TRUE);
   CHECK_GL_ERROR(GL_INVALID_VALUE);   /* zero samples: an error for proxies too */
   /* the proxies are not bindable */
   api_glBindTexture(GL_PROXY_TEXTURE_2D_MULTISAMPLE, 0);
   CHECK_GL_ERROR(GL_INVALID_ENUM);

   /* what multisample targets refuse: sampler state (ARB_texture_storage_
    * multisample; GL 3.2 alone: every parameter, test_not_offered), mipmaps,
    * pixel images, enables */
   GLint iv = 0;
   api_glGetTexParameteriv(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_MIN_FILTER, &iv);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT(iv, GL_NEAREST);
   api_glGetTexParameteriv(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, GL_TEXTURE_WRAP_T, &iv);
   CHECK_EQ_INT(iv, GL_CLAMP_TO_EDGE);
   static const GLenum sampler_state[] = {
      GL_TEXTURE_WRAP_S, GL_TEXTURE_WRAP_T, GL_TEXTURE_WRAP_R, GL_TEXTURE_MIN_FILTER,
      GL_TEXTURE_MAG_FILTER, GL_TEXTURE_MIN_LOD, GL_TEXTURE_MAX_LOD, GL_TEXTURE_LOD_BIAS,
      GL_TEXTURE_COMPARE_MODE, GL_TEXTURE_COMPARE_FUNC };
   /* GL_INVALID_ENUM: GL 4.3+ core 8.10 (the extension said INVALID_OPERATION) */
   for (unsigned i = 0; i < sizeof sampler_state / sizeof sampler_state[0]; i++) {
      api_glTexParameteri(GL_TEXTURE_2D_MULTISAMPLE, sampler_state[i], GL_NEAREST);
      CHECK_GL_ERROR(GL_INVALID_ENUM);
   }
   GLfloat border[4] = { 1, 0, 0, 1 };
   api_glTexParameterfv(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, GL_TEXTURE_BORDER_COLOR, border);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glGetTexParameteriv(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_MAG_FILTER, &iv);
   CHECK_EQ_INT(iv, GL_NEAREST);   /* unchanged */
   api_glTexParameteri(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, GL_TEXTURE_BASE_LEVEL, 0);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glTexParameteri(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, GL_TEXTURE_BASE_LEVEL, 1);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glTexParameteri(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_MAX_LEVEL, 5);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glGetTexParameteriv(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_MAX_LEVEL, &iv);
   CHECK_EQ_INT(iv, 5);
   api_glTexParameteri(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_IMMUTABLE_FORMAT, GL_TRUE);
   CHECK_GL_ERROR(GL_INVALID_ENUM);   /* read-only */
   api_glGenerateMipmap(GL_TEXTURE_2D_MULTISAMPLE);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glTexImage2D(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                    NULL);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glTexSubImage2D(GL_TEXTURE_2D_MULTISAMPLE, 0, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, &iv);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glCopyTexImage2D(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_RGBA8, 0, 0, 4, 4, 0);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   GLubyte buf[64 * 4];
   api_glGetTexImage(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_RGBA, GL_UNSIGNED_BYTE, buf);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glEnable(GL_TEXTURE_2D_MULTISAMPLE);
   CHECK_GL_ERROR(GL_INVALID_ENUM);

   /* the state of other images */
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 64, 64, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   CHECK_EQ_INT(test_level_param(GL_TEXTURE_2D, 0, GL_TEXTURE_SAMPLES), 0);
   CHECK_EQ_INT(test_level_param(GL_TEXTURE_2D, 0, GL_TEXTURE_FIXED_SAMPLE_LOCATIONS), 1);
   CHECK_GL_ERROR(GL_NO_ERROR);

   /* deleting a bound multisample texture binds the default object */
   api_glDeleteTextures(3, t);
   CHECK_EQ_INT(get_int(GL_TEXTURE_BINDING_2D_MULTISAMPLE), 0);
   CHECK_EQ_INT(get_int(GL_TEXTURE_BINDING_2D_MULTISAMPLE_ARRAY), 0);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* --- sample mask state ---------------------------------------------------------- */

static void
test_sample_mask_state(void)
{
   GLint v = 0;
   GLboolean b = GL_FALSE;
   api_glGetIntegeri_v(GL_SAMPLE_MASK_VALUE, 0, &v);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT((GLuint)v, 0xffffffffu);
   api_glGetIntegeri_v(GL_SAMPLE_MASK_VALUE, 1, &v);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glGetIntegeri_v(GL_SAMPLE_COVERAGE_VALUE, 0, &v);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glGetBooleani_v(GL_SAMPLE_MASK_VALUE, 1, &b);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glSampleMaski(1, 0x3);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glSampleMaski(0, 0x5);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glGetIntegeri_v(GL_SAMPLE_MASK_VALUE, 0, &v);
   CHECK_EQ_INT(v, 5);
   api_glGetBooleani_v(GL_SAMPLE_MASK_VALUE, 0, &b);
   CHECK_EQ_INT(b, GL_TRUE);
   api_glSampleMaski(0, 0);
   api_glGetBooleani_v(GL_SAMPLE_MASK_VALUE, 0, &b);
   CHECK_EQ_INT(b, GL_FALSE);
   api_glBegin(GL_POINTS);
   api_glSampleMaski(0, 0x7);
   api_glEnd();
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glGetIntegeri_v(GL_SAMPLE_MASK_VALUE, 0, &v);
   CHECK_EQ_INT(v, 0);

   /* the enable */
   CHECK_EQ_INT(api_glIsEnabled(GL_SAMPLE_MASK), GL_FALSE);
   api_glEnable(GL_SAMPLE_MASK);
   CHECK_EQ_INT(api_glIsEnabled(GL_SAMPLE_MASK), GL_TRUE);
   api_glGetBooleanv(GL_SAMPLE_MASK, &b);
   CHECK_EQ_INT(b, GL_TRUE);
   CHECK_EQ_INT(get_int(GL_SAMPLE_MASK), 1);
   CHECK_GL_ERROR(GL_NO_ERROR);

   /* both belong to GL_MULTISAMPLE_BIT (and the enable to GL_ENABLE_BIT) */
   api_glSampleMaski(0, 0xa);
   api_glPushAttrib(GL_MULTISAMPLE_BIT);
   api_glSampleMaski(0, 0x1);
   api_glDisable(GL_SAMPLE_MASK);
   api_glPopAttrib();
   api_glGetIntegeri_v(GL_SAMPLE_MASK_VALUE, 0, &v);
   CHECK_EQ_INT(v, 0xa);
   CHECK_EQ_INT(api_glIsEnabled(GL_SAMPLE_MASK), GL_TRUE);
   api_glPushAttrib(GL_ENABLE_BIT);
   api_glDisable(GL_SAMPLE_MASK);
   api_glSampleMaski(0, 0x3);
   api_glPopAttrib();
   CHECK_EQ_INT(api_glIsEnabled(GL_SAMPLE_MASK), GL_TRUE);
   api_glGetIntegeri_v(GL_SAMPLE_MASK_VALUE, 0, &v);
   CHECK_EQ_INT(v, 0x3);   /* the value is not in GL_ENABLE_BIT */

   api_glDisable(GL_SAMPLE_MASK);
   api_glSampleMaski(0, ~0u);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* --- framebuffer objects ------------------------------------------------------ */

static GLuint
ms_tex2d(GLsizei samples, GLenum ifmt, GLsizei w, GLsizei h, GLboolean fixed)
{
   GLuint t;
   api_glGenTextures(1, &t);
   api_glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, t);
   api_glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, samples, ifmt, w, h, fixed);
   return t;
}

static void
test_completeness(void)
{
   GLuint fb, rb[2];
   api_glGenFramebuffers(1, &fb);
   api_glGenRenderbuffers(2, rb);
   api_glBindFramebuffer(GL_FRAMEBUFFER, fb);
   GLuint c0 = ms_tex2d(4, GL_RGBA8, W, H, GL_TRUE);
   GLuint c1 = ms_tex2d(4, GL_RGBA8, W, H, GL_FALSE);
   GLuint c2 = ms_tex2d(2, GL_RGBA8, W, H, GL_TRUE);
   GLuint d0 = ms_tex2d(4, GL_DEPTH24_STENCIL8, W, H, GL_TRUE);
   CHECK_GL_ERROR(GL_NO_ERROR);

   /* attachment errors */
   api_glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D_MULTISAMPLE,
                              c0, 1);
   CHECK_GL_ERROR(GL_INVALID_VALUE);   /* level must be 0 */
   api_glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, c0, 0);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);   /* textarget is not the object's */
   api_glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, c0, 0, 0);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);   /* not an array */

   api_glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D_MULTISAMPLE,
                              c0, 0);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT(api_glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
   CHECK_EQ_INT(get_int(GL_SAMPLES), 4);
   CHECK_EQ_INT(get_int(GL_SAMPLE_BUFFERS), 1);
   GLint v = 0;
   api_glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                             GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME, &v);
   CHECK_EQ_INT(v, c0);
   api_glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                             GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE, &v);
   CHECK_EQ_INT(v, 8);
   /* reading from a multisample framebuffer is refused */
   GLubyte px[4];
   api_glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);

   /* same count, same fixed locations: complete; a depth/stencil texture too */
   api_glFramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT,
                              GL_TEXTURE_2D_MULTISAMPLE, d0, 0);
   CHECK_EQ_INT(api_glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
   /* different sample counts */
   api_glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_TEXTURE_2D_MULTISAMPLE,
                              c2, 0);
   CHECK_EQ_INT(api_glCheckFramebufferStatus(GL_FRAMEBUFFER),
                GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE);
   /* different fixed sample locations */
   api_glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_TEXTURE_2D_MULTISAMPLE,
                              c1, 0);
   CHECK_EQ_INT(api_glCheckFramebufferStatus(GL_FRAMEBUFFER),
                GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE);
   api_glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_TEXTURE_2D_MULTISAMPLE,
                              0, 0);
   api_glFramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT,
                              GL_TEXTURE_2D_MULTISAMPLE, 0, 0);
   /* with a renderbuffer: same count and fixed locations required */
   api_glBindRenderbuffer(GL_RENDERBUFFER, rb[0]);
   api_glRenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_DEPTH24_STENCIL8, W, H);
   api_glBindRenderbuffer(GL_RENDERBUFFER, rb[1]);
   api_glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, W, H);
   api_glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER,
                                 rb[0]);
   CHECK_EQ_INT(api_glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
   api_glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D_MULTISAMPLE,
                              c1, 0);
   CHECK_EQ_INT(api_glCheckFramebufferStatus(GL_FRAMEBUFFER),
                GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE);   /* not fixed, with a renderbuffer */
   api_glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D_MULTISAMPLE,
                              c0, 0);
   api_glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_RENDERBUFFER, rb[1]);
   CHECK_EQ_INT(api_glCheckFramebufferStatus(GL_FRAMEBUFFER),
                GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE);   /* single-sampled renderbuffer */
   api_glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_RENDERBUFFER, 0);
   CHECK_EQ_INT(api_glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);

   /* redefining an attached texture with another count is noticed */
   api_glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, c0);
   api_glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 8, GL_RGBA8, W, H, GL_TRUE);
   CHECK_EQ_INT(api_glCheckFramebufferStatus(GL_FRAMEBUFFER),
                GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE);
   api_glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, 0);
   CHECK_EQ_INT(api_glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
   CHECK_EQ_INT(get_int(GL_SAMPLES), 8);
   /* a zero-sized image is an incomplete attachment */
   api_glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, 0, 0, GL_TRUE);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT(api_glCheckFramebufferStatus(GL_FRAMEBUFFER),
                GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT);
   /* deleting the attached texture detaches it */
   GLuint del[] = { c0, c1, c2, d0 };
   api_glDeleteTextures(4, del);
   CHECK_EQ_INT(api_glCheckFramebufferStatus(GL_FRAMEBUFFER),
                GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT);

   api_glBindFramebuffer(GL_FRAMEBUFFER, 0);
   api_glDeleteFramebuffers(1, &fb);
   api_glDeleteRenderbuffers(2, rb);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* --- sample positions ----------------------------------------------------------- */

/* refpipe's 4x pattern: the standard D3D / GL one, in 1/16 pixel from the
 * centre, y along the resource rows */
static const int pattern4[4][2] = { { -2, -6 }, { 6, -2 }, { -6, 2 }, { 2, 6 } };

static void
test_sample_positions(void)
{
   GLfloat pos[2] = { -1, -1 };
   /* the window-system buffer of this test is single-sampled: SAMPLES 0 */
   api_glGetMultisamplefv(GL_SAMPLE_POSITION, 0, pos);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glGetMultisamplefv(GL_SAMPLES, 0, pos);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   CHECK(pos[0] == -1 && pos[1] == -1, "untouched on error");

   GLuint fb;
   api_glGenFramebuffers(1, &fb);
   api_glBindFramebuffer(GL_FRAMEBUFFER, fb);
   GLuint t = ms_tex2d(4, GL_RGBA8, W, H, GL_TRUE);
   api_glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D_MULTISAMPLE,
                              t, 0);
   CHECK_EQ_INT(get_int(GL_SAMPLES), 4);
   for (unsigned s = 0; s < 4; s++) {
      api_glGetMultisamplefv(GL_SAMPLE_POSITION, s, pos);
      CHECK_GL_ERROR(GL_NO_ERROR);
      float ex = 0.5f + pattern4[s][0] / 16.0f, ey = 0.5f + pattern4[s][1] / 16.0f;
      CHECK(fabsf(pos[0] - ex) < 1e-6f && fabsf(pos[1] - ey) < 1e-6f,
            "FBO sample %u at %g,%g, expected %g,%g", s, pos[0], pos[1], ex, ey);
   }
   api_glGetMultisamplefv(GL_SAMPLE_POSITION, 4, pos);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   /* 2x: (4, 4) and (-4, -4) sixteenths */
   api_glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, t);
   api_glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 2, GL_RGBA8, W, H, GL_TRUE);
   api_glGetMultisamplefv(GL_SAMPLE_POSITION, 1, pos);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(fabsf(pos[0] - 0.25f) < 1e-6f && fabsf(pos[1] - 0.25f) < 1e-6f,
         "2x sample 1 at %g,%g", pos[0], pos[1]);
   api_glBindFramebuffer(GL_FRAMEBUFFER, 0);
   api_glDeleteFramebuffers(1, &fb);
   api_glDeleteTextures(1, &t);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* A 4x multisample window-system drawable (st_test_fb.h's, with the
 * visual's sample count): its rows are stored top first, so GL's y of a
 * sample position is 1 - the driver's. */
static void
test_window_sample_positions(struct pipe_screen *screen, struct st_context *old)
{
   struct st_visual vis = { true, PIPE_FORMAT_B8G8R8A8_UNORM, PIPE_FORMAT_Z24_UNORM_S8_UINT, 4 };
   struct st_context_attribs attribs = { ST_PROFILE_COMPAT, 1, 0, 0, &vis };
   enum st_context_error err;
   struct st_context *ctx = st_context_create(screen, &attribs, NULL, &err);
   CHECK(ctx != NULL, "4x context");
   if (!ctx)
      return;
   struct test_drawable d;
   test_drawable_init(&d, screen, &vis, 8, 8);
   CHECK(st_make_current(ctx, &d.base, &d.base), "make current");
   CHECK_EQ_INT(get_int(GL_SAMPLES), 4);
   for (unsigned s = 0; s < 4; s++) {
      GLfloat pos[2] = { -1, -1 };
      api_glGetMultisamplefv(GL_SAMPLE_POSITION, s, pos);
      CHECK_GL_ERROR(GL_NO_ERROR);
      float ex = 0.5f + pattern4[s][0] / 16.0f, ey = 0.5f - pattern4[s][1] / 16.0f;
      CHECK(fabsf(pos[0] - ex) < 1e-6f && fabsf(pos[1] - ey) < 1e-6f,
            "window sample %u at %g,%g, expected %g,%g", s, pos[0], pos[1], ex, ey);
   }
   st_make_current(NULL, NULL, NULL);
   st_framebuffer_iface_destroyed(&d.base);
   st_context_destroy(ctx);
   for (unsigned i = 0; i < ST_ATTACHMENT_COUNT; i++)
      pipe_resource_reference(&d.tex[i], NULL);
   (void)old;
}

/* --- rendering and resolving ---------------------------------------------------------- */

/* A W x H RGBA8 2D texture (returned) as framebuffer fb's colour
 * attachment: the single-sampled destination of resolve(). */
static GLuint
resolve_target(GLuint fb)
{
   GLuint ss;
   api_glGenTextures(1, &ss);
   api_glBindTexture(GL_TEXTURE_2D, ss);
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, W, H, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   api_glBindFramebuffer(GL_FRAMEBUFFER, fb);
   api_glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, ss, 0);
   return ss;
}

/* Resolve the multisample read framebuffer's colour into the single-sampled
 * draw framebuffer and make that the read framebuffer. */
static void
resolve(GLuint ms_fb, GLuint ss_fb)
{
   api_glBindFramebuffer(GL_READ_FRAMEBUFFER, ms_fb);
   api_glBindFramebuffer(GL_DRAW_FRAMEBUFFER, ss_fb);
   api_glBlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glBindFramebuffer(GL_READ_FRAMEBUFFER, ss_fb);
}

/* Clear the multisample framebuffer to black and draw the quad
 * x in [0, x1) over the whole height in colour (r, g, b). */
static void
draw_ms(GLuint ms_fb, float x1, float r, float g, float b)
{
   api_glBindFramebuffer(GL_FRAMEBUFFER, ms_fb);
   api_glClearColor(0, 0, 0, 1);
   api_glClear(GL_COLOR_BUFFER_BIT);
   quad(0, 0, x1, H, r, g, b);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

static void
test_render_resolve(void)
{
   GLuint fb[2], ss;
   api_glGenFramebuffers(2, fb);
   GLuint ms = ms_tex2d(4, GL_RGBA8, W, H, GL_TRUE);
   ss = resolve_target(fb[1]);
   CHECK_EQ_INT(api_glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
   api_glBindFramebuffer(GL_FRAMEBUFFER, fb[0]);
   api_glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D_MULTISAMPLE,
                              ms, 0);
   CHECK_EQ_INT(api_glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
   api_glViewport(0, 0, W, H);
   api_glEnable(GL_MULTISAMPLE);

   /* Column 10 of a quad ending at x = 10.7: the 4x samples lie at
    * x = 10 + 0.375, 0.875, 0.125, 0.625 (FBO rows are not flipped), so
    * samples 0, 2 and 3 are covered: 3/4 of full intensity. */
   draw_ms(fb[0], 10.7f, 0, 1, 0);
   resolve(fb[0], fb[1]);
   CHECK_PX_RGB(5, 5, 0, 255, 0, 1);
   CHECK_PX_RGB(10, 5, 0, 191, 0, 2);
   CHECK_PX_RGB(11, 5, 0, 0, 0, 1);
   /* straight into the BGRA8 window-system buffer: the same GL format
    * (GL_RGBA8) as the RGBA8 texture, so the resolve is allowed */
   api_glBindFramebuffer(GL_READ_FRAMEBUFFER, fb[0]);
   api_glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
   api_glBlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
   CHECK_PX_RGB(5, 20, 0, 255, 0, 1);
   CHECK_PX_RGB(10, 20, 0, 191, 0, 2);
   CHECK_PX_RGB(11, 20, 0, 0, 0, 1);

   /* GL_SAMPLE_MASK: coverage AND mask */
   api_glEnable(GL_SAMPLE_MASK);
   api_glSampleMaski(0, 0x1);   /* sample 0 only: a quarter everywhere it is covered */
   draw_ms(fb[0], 10.7f, 1, 0, 0);
   resolve(fb[0], fb[1]);
   CHECK_PX_RGB(5, 5, 64, 0, 0, 2);
   CHECK_PX_RGB(10, 5, 64, 0, 0, 2);   /* sample 0 (x + 0.375) is covered */
   CHECK_PX_RGB(11, 5, 0, 0, 0, 1);
   api_glSampleMaski(0, 0x2);   /* sample 1 (x + 0.875) is not covered in column 10 */
   draw_ms(fb[0], 10.7f, 1, 0, 0);
   resolve(fb[0], fb[1]);
   CHECK_PX_RGB(5, 5, 64, 0, 0, 2);
   CHECK_PX_RGB(10, 5, 0, 0, 0, 1);
   api_glSampleMaski(0, 0xF);
   draw_ms(fb[0], 10.7f, 1, 0, 0);
   resolve(fb[0], fb[1]);
   CHECK_PX_RGB(5, 5, 255, 0, 0, 1);
   CHECK_PX_RGB(10, 5, 191, 0, 0, 2);
   api_glSampleMaski(0, 0x0);   /* nothing written */
   draw_ms(fb[0], 10.7f, 1, 0, 0);
   resolve(fb[0], fb[1]);
   CHECK_PX_RGB(5, 5, 0, 0, 0, 1);
   /* bits above the sample count change nothing: 0x1 | 0xF0 acts as 0x1 */
   api_glSampleMaski(0, 0xF1);
   draw_ms(fb[0], 10.7f, 1, 0, 0);
   resolve(fb[0], fb[1]);
   CHECK_PX_RGB(5, 5, 64, 0, 0, 2);
   /* the mask does not apply to clears */
   api_glBindFramebuffer(GL_FRAMEBUFFER, fb[0]);
   api_glClearColor(0, 0, 1, 1);
   api_glClear(GL_COLOR_BUFFER_BIT);
   resolve(fb[0], fb[1]);
   CHECK_PX_RGB(5, 5, 0, 0, 255, 1);
   /* glClearTexImage (ARB_clear_texture) fills every sample */
   const GLubyte grey[4] = { 100, 150, 200, 255 };
   api_glClearTexImage(ms, 0, GL_RGBA, GL_UNSIGNED_BYTE, grey);
   CHECK_GL_ERROR(GL_NO_ERROR);
   resolve(fb[0], fb[1]);
   CHECK_PX_RGB(5, 5, 100, 150, 200, 1);
   api_glClearTexImage(ms, 1, GL_RGBA, GL_UNSIGNED_BYTE, grey);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);   /* no level 1 */
   /* AND with GL_SAMPLE_COVERAGE: value 0.5 keeps samples 0, 1; mask 0x6
    * keeps 1, 2: sample 1 remains */
   api_glEnable(GL_SAMPLE_COVERAGE);
   api_glSampleCoverage(0.5f, GL_FALSE);
   api_glSampleMaski(0, 0x6);
   draw_ms(fb[0], (float)W, 1, 1, 1);
   resolve(fb[0], fb[1]);
   CHECK_PX_RGB(5, 5, 64, 64, 64, 2);
   api_glDisable(GL_SAMPLE_COVERAGE);
   /* disabled mask: ignored */
   api_glSampleMaski(0, 0x1);
   api_glDisable(GL_SAMPLE_MASK);
   draw_ms(fb[0], 10.7f, 1, 0, 0);
   resolve(fb[0], fb[1]);
   CHECK_PX_RGB(5, 5, 255, 0, 0, 1);
   /* GL_MULTISAMPLE off: the multisample fragment operations (the mask
    * too) do not apply, every sample is covered by the pixel centre */
   api_glEnable(GL_SAMPLE_MASK);
   api_glDisable(GL_MULTISAMPLE);
   draw_ms(fb[0], 10.7f, 1, 0, 0);
   resolve(fb[0], fb[1]);
   CHECK_PX_RGB(5, 5, 255, 0, 0, 1);
   CHECK_PX_RGB(10, 5, 255, 0, 0, 1);   /* centre 10.5 < 10.7 */
   api_glEnable(GL_MULTISAMPLE);
   api_glDisable(GL_SAMPLE_MASK);
   api_glSampleMaski(0, ~0u);

   /* the mask also holds for a multisample renderbuffer */
   GLuint rb;
   api_glGenRenderbuffers(1, &rb);
   api_glBindRenderbuffer(GL_RENDERBUFFER, rb);
   api_glRenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_RGBA8, W, H);
   api_glBindFramebuffer(GL_FRAMEBUFFER, fb[0]);
   api_glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
   CHECK_EQ_INT(api_glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
   api_glEnable(GL_SAMPLE_MASK);
   api_glSampleMaski(0, 0x3);
   draw_ms(fb[0], (float)W, 0, 1, 0);
   resolve(fb[0], fb[1]);
   CHECK_PX_RGB(20, 20, 0, 128, 0, 2);
   api_glDisable(GL_SAMPLE_MASK);
   api_glSampleMaski(0, ~0u);

   api_glBindFramebuffer(GL_FRAMEBUFFER, 0);
   api_glDeleteFramebuffers(2, fb);
   api_glDeleteRenderbuffers(1, &rb);
   api_glDeleteTextures(1, &ms);
   api_glDeleteTextures(1, &ss);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* Layers of a 2D multisample array texture: rendering into one leaves the others. */
static void
test_array_layers(void)
{
   GLuint fb[2], t, ss;
   api_glGenFramebuffers(2, fb);
   api_glGenTextures(1, &t);
   api_glBindTexture(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, t);
   api_glTexImage3DMultisample(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, 4, GL_RGBA8, W, H, 2, GL_TRUE);
   CHECK_GL_ERROR(GL_NO_ERROR);
   ss = resolve_target(fb[1]);

   api_glBindFramebuffer(GL_FRAMEBUFFER, fb[0]);
   api_glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t, 0, -1);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t, 1, 0);
   CHECK_GL_ERROR(GL_INVALID_VALUE);   /* one level */
   api_glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                              GL_TEXTURE_2D_MULTISAMPLE_ARRAY, t, 0);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t, 0, 2);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT(api_glCheckFramebufferStatus(GL_FRAMEBUFFER),
                GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT);   /* beyond the layers */

   api_glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t, 0, 0);
   CHECK_EQ_INT(api_glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
   api_glClearColor(0, 0, 1, 1);
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t, 0, 1);
   CHECK_EQ_INT(api_glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
   CHECK_EQ_INT(get_int(GL_SAMPLES), 4);
   GLint v = -1;
   api_glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                             GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER, &v);
   CHECK_EQ_INT(v, 1);
   api_glViewport(0, 0, W, H);
   api_glEnable(GL_MULTISAMPLE);
   draw_ms(fb[0], 10.7f, 1, 1, 0);
   resolve(fb[0], fb[1]);
   CHECK_PX_RGB(5, 5, 255, 255, 0, 1);
   CHECK_PX_RGB(10, 5, 191, 191, 0, 2);
   CHECK_PX_RGB(20, 5, 0, 0, 0, 1);
   /* layer 0 kept its clear */
   api_glBindFramebuffer(GL_FRAMEBUFFER, fb[0]);
   api_glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t, 0, 0);
   resolve(fb[0], fb[1]);
   CHECK_PX_RGB(5, 5, 0, 0, 255, 1);
   CHECK_PX_RGB(20, 5, 0, 0, 255, 1);

   api_glBindFramebuffer(GL_FRAMEBUFFER, 0);
   api_glDeleteFramebuffers(2, fb);
   api_glDeleteTextures(1, &t);
   api_glDeleteTextures(1, &ss);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* Depth testing per sample in a multisample depth texture. */
static void
test_depth_texture(void)
{
   GLuint fb[2], c, d, ss;
   api_glGenFramebuffers(2, fb);
   c = ms_tex2d(4, GL_RGBA8, W, H, GL_TRUE);
   d = ms_tex2d(4, GL_DEPTH_COMPONENT24, W, H, GL_TRUE);
   ss = resolve_target(fb[1]);
   api_glBindFramebuffer(GL_FRAMEBUFFER, fb[0]);
   api_glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D_MULTISAMPLE,
                              c, 0);
   api_glFramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_TEXTURE_2D_MULTISAMPLE, d,
                              0);
   CHECK_EQ_INT(api_glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
   CHECK_EQ_INT(get_int(GL_DEPTH_BITS), 24);
   api_glViewport(0, 0, W, H);
   api_glClearColor(0, 0, 0, 1);
   api_glClearDepth(1.0);
   api_glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   api_glEnable(GL_DEPTH_TEST);
   api_glDepthFunc(GL_LESS);
   /* near red quad over x < 10.7, then a farther green one everywhere:
    * green shows only in the samples red did not cover */
   api_glColor3f(1, 0, 0);
   api_glBegin(GL_QUADS);
   api_glVertex3f(0, 0, 0.5f);
   api_glVertex3f(10.7f, 0, 0.5f);
   api_glVertex3f(10.7f, H, 0.5f);
   api_glVertex3f(0, H, 0.5f);
   api_glEnd();
   api_glColor3f(0, 1, 0);
   api_glBegin(GL_QUADS);
   api_glVertex3f(0, 0, -0.5f);   /* glOrtho(-1, 1): z -0.5 is farther */
   api_glVertex3f(W, 0, -0.5f);
   api_glVertex3f(W, H, -0.5f);
   api_glVertex3f(0, H, -0.5f);
   api_glEnd();
   api_glDisable(GL_DEPTH_TEST);
   CHECK_GL_ERROR(GL_NO_ERROR);
   resolve(fb[0], fb[1]);
   CHECK_PX_RGB(5, 5, 255, 0, 0, 1);
   CHECK_PX_RGB(10, 5, 191, 64, 0, 2);
   CHECK_PX_RGB(20, 5, 0, 255, 0, 1);

   api_glBindFramebuffer(GL_FRAMEBUFFER, 0);
   api_glDeleteFramebuffers(2, fb);
   GLuint del[] = { c, d, ss };
   api_glDeleteTextures(3, del);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* Without the extension (tex_multisample off) its enums and commands are refused. */
static void
test_not_offered(struct st_context *ctx)
{
   bool saved = ctx->caps.tex_multisample;
   ctx->caps.tex_multisample = false;
   GLint v = 0;
   api_glGetIntegerv(GL_MAX_COLOR_TEXTURE_SAMPLES, &v);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glGetIntegerv(GL_SAMPLE_MASK, &v);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glEnable(GL_SAMPLE_MASK);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glIsEnabled(GL_SAMPLE_MASK);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, 0);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, 8, 8, GL_TRUE);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glGetIntegeri_v(GL_SAMPLE_MASK_VALUE, 0, &v);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_SAMPLES, &v);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   ctx->caps.tex_multisample = saved;
   /* ARB_texture_multisample alone (GL 3.2): no parameters on its targets */
   bool saved_storage = ctx->caps.tex_storage_multisample;
   ctx->caps.tex_storage_multisample = false;
   api_glTexParameteri(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_MAX_LEVEL, 0);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glGetTexParameteriv(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, GL_TEXTURE_MIN_FILTER, &v);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glTexStorage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, 8, 8, GL_TRUE);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);   /* as the stub */
   ctx->caps.tex_storage_multisample = saved_storage;
}

/* Six draw buffers (two multisample renderbuffers, four multisample
 * textures): a clear reaches all, a blit from a single-sampled
 * framebuffer replicates into the first three, each resolves back. */
static void
test_mrt(void)
{
   GLuint fb[2], rb[2], t[4], ss;
   api_glGenFramebuffers(2, fb);
   api_glGenRenderbuffers(2, rb);
   ss = resolve_target(fb[1]);
   api_glBindFramebuffer(GL_FRAMEBUFFER, fb[0]);
   for (unsigned i = 0; i < 2; i++) {
      api_glBindRenderbuffer(GL_RENDERBUFFER, rb[i]);
      api_glRenderbufferStorageMultisample(GL_RENDERBUFFER, 2, GL_RGBA8, W, H);
      api_glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + i, GL_RENDERBUFFER,
                                    rb[i]);
   }
   for (unsigned i = 0; i < 4; i++) {
      t[i] = ms_tex2d(2, GL_RGBA8, W, H, GL_TRUE);
      api_glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT2 + i,
                                 GL_TEXTURE_2D_MULTISAMPLE, t[i], 0);
   }
   CHECK_EQ_INT(api_glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
   CHECK_GL_ERROR(GL_NO_ERROR);
   static const GLenum bufs[6] = { GL_COLOR_ATTACHMENT1, GL_COLOR_ATTACHMENT4,
                                   GL_COLOR_ATTACHMENT5, GL_COLOR_ATTACHMENT0,
                                   GL_COLOR_ATTACHMENT2, GL_COLOR_ATTACHMENT3 };
   api_glDrawBuffers(6, bufs);
   api_glClearColor(0, 0, 1, 1);
   api_glClear(GL_COLOR_BUFFER_BIT);
   CHECK_GL_ERROR(GL_NO_ERROR);
   /* green single-sampled source, blitted into the first three */
   api_glBindFramebuffer(GL_FRAMEBUFFER, fb[1]);
   api_glClearColor(0, 1, 0, 1);
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fb[0]);
   api_glDrawBuffers(3, bufs);
   api_glBlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   CHECK_GL_ERROR(GL_NO_ERROR);
   for (unsigned i = 0; i < 6; i++) {
      api_glBindFramebuffer(GL_READ_FRAMEBUFFER, fb[0]);
      api_glReadBuffer(bufs[i]);
      CHECK_GL_ERROR(GL_NO_ERROR);
      api_glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fb[1]);
      api_glClearColor(0, 0, 0, 1);
      api_glClear(GL_COLOR_BUFFER_BIT);
      api_glBlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
      CHECK_GL_ERROR(GL_NO_ERROR);
      api_glBindFramebuffer(GL_READ_FRAMEBUFFER, fb[1]);
      if (i < 3)
         CHECK_PX_RGB(3, 3, 0, 255, 0, 1);
      else
         CHECK_PX_RGB(3, 3, 0, 0, 255, 1);
   }
   api_glBindFramebuffer(GL_FRAMEBUFFER, 0);
   api_glDeleteFramebuffers(2, fb);
   api_glDeleteRenderbuffers(2, rb);
   api_glDeleteTextures(4, t);
   api_glDeleteTextures(1, &ss);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* GL_ARB_texture_storage_multisample: immutable multisample textures and
 * views of them (ARB_texture_view's multisample rows). */
static void
test_storage(void)
{
   GLint v = -1;
   CHECK(test_has_extension("GL_ARB_texture_storage_multisample"), "extension not offered");
   api_glGetError();
   api_glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, 0);
   api_glTexStorage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, 8, 8, GL_TRUE);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);   /* the default object */
   GLuint t[4];
   api_glGenTextures(4, t);
   api_glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, t[0]);
   api_glTexStorage2DMultisample(GL_TEXTURE_2D, 4, GL_RGBA8, 8, 8, GL_TRUE);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glTexStorage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA, 8, 8, GL_TRUE);
   CHECK_GL_ERROR(GL_INVALID_ENUM);        /* unsized */
   api_glTexStorage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, 0, 8, GL_TRUE);
   CHECK_GL_ERROR(GL_INVALID_VALUE);       /* sizes >= 1 */
   api_glTexStorage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_RGBA8, 8, 8, GL_TRUE);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glGetTexParameteriv(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_IMMUTABLE_FORMAT, &v);
   CHECK_EQ_INT(v, GL_FALSE);
   api_glTexStorage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 2, GL_RGBA8, W, H, GL_FALSE);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glGetTexParameteriv(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_IMMUTABLE_FORMAT, &v);
   CHECK_EQ_INT(v, GL_TRUE);
   api_glGetTexParameteriv(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_IMMUTABLE_LEVELS, &v);
   CHECK_EQ_INT(v, 1);
   CHECK_EQ_INT(test_level_param(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_SAMPLES), 2);
   CHECK_EQ_INT(test_level_param(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_FIXED_SAMPLE_LOCATIONS),
                0);
   api_glTexStorage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, 8, 8, GL_TRUE);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);   /* immutable */
   api_glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, 8, 8, GL_TRUE);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   CHECK_EQ_INT(test_level_param(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_WIDTH), W);
   /* proxies describe, never become immutable */
   api_glTexStorage2DMultisample(GL_PROXY_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, 16, 16, GL_TRUE);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT(test_level_param(GL_PROXY_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_WIDTH), 16);

   /* an immutable 4x array with three layers, a view of its layer 1 as a
    * 2D multisample texture: rendering into the view lands in layer 1 */
   api_glBindTexture(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, t[1]);
   api_glTexStorage3DMultisample(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, 4, GL_RGBA8, W, H, 0, GL_TRUE);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glTexStorage3DMultisample(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, 4, GL_RGBA8, W, H, 3, GL_TRUE);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glTextureView(t[2], GL_TEXTURE_2D, t[1], GL_RGBA8, 0, 1, 1, 1);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);   /* not a multisample target */
   api_glTextureView(t[2], GL_TEXTURE_2D_MULTISAMPLE, t[1], GL_RGBA8, 0, 1, 1, 2);
   CHECK_GL_ERROR(GL_INVALID_VALUE);       /* 2D: one layer */
   api_glTextureView(t[2], GL_TEXTURE_2D_MULTISAMPLE, t[1], GL_RGBA8, 0, 1, 1, 1);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, t[2]);
   CHECK_EQ_INT(test_level_param(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_SAMPLES), 4);
   CHECK_EQ_INT(test_level_param(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_FIXED_SAMPLE_LOCATIONS),
                1);

   GLuint fb[2], ss;
   api_glGenFramebuffers(2, fb);
   ss = resolve_target(fb[1]);
   api_glBindFramebuffer(GL_FRAMEBUFFER, fb[0]);
   for (GLint l = 0; l < 3; l++) {   /* clear every layer blue */
      api_glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t[1], 0, l);
      api_glClearColor(0, 0, 1, 1);
      api_glClear(GL_COLOR_BUFFER_BIT);
   }
   api_glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D_MULTISAMPLE,
                              t[2], 0);
   CHECK_EQ_INT(api_glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
   CHECK_EQ_INT(get_int(GL_SAMPLES), 4);
   api_glViewport(0, 0, W, H);
   api_glEnable(GL_MULTISAMPLE);
   quad(0, 0, 10.7f, H, 1, 0, 0);
   CHECK_GL_ERROR(GL_NO_ERROR);
   for (GLint l = 0; l < 3; l++) {
      api_glBindFramebuffer(GL_FRAMEBUFFER, fb[0]);
      api_glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t[1], 0, l);
      resolve(fb[0], fb[1]);
      if (l == 1) {
         CHECK_PX_RGB(5, 5, 255, 0, 0, 1);
         CHECK_PX_RGB(10, 5, 191, 0, 64, 2);
      } else {
         CHECK_PX_RGB(5, 5, 0, 0, 255, 1);
      }
      CHECK_PX_RGB(20, 5, 0, 0, 255, 1);
   }

   api_glBindFramebuffer(GL_FRAMEBUFFER, 0);
   api_glDeleteFramebuffers(2, fb);
   api_glDeleteTextures(4, t);
   api_glDeleteTextures(1, &ss);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* OpenGL ES 1.1 contexts have none of the extension's enums. */
static void
test_gles1(struct pipe_screen *screen)
{
   struct st_visual vis = { true, PIPE_FORMAT_B8G8R8A8_UNORM, PIPE_FORMAT_Z24_UNORM_S8_UINT, 0 };
   struct st_context_attribs attribs = { ST_PROFILE_GLES1, 1, 1, 0, &vis };
   enum st_context_error err;
   struct st_context *ctx = st_context_create(screen, &attribs, NULL, &err);
   CHECK(ctx != NULL, "ES 1.1 context");
   if (!ctx)
      return;
   CHECK(st_make_current(ctx, NULL, NULL), "make current");
   GLint v = 0;
   api_glGetIntegerv(GL_MAX_COLOR_TEXTURE_SAMPLES, &v);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, 0);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glEnable(GL_SAMPLE_MASK);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   st_make_current(NULL, NULL, NULL);
   st_context_destroy(ctx);
}

int
main(void)
{
   struct test_env e;
   if (!test_env_init(&e, W, H)) {
      fprintf(stderr, "st_test_texms: no context\n");
      test_env_fini(&e);
      return 1;
   }
   test_limits_and_bindings();
   test_sample_mask_state();
   test_completeness();
   test_sample_positions();
   test_render_resolve();
   test_array_layers();
   test_depth_texture();
   test_mrt();
   test_storage();
   test_not_offered(e.ctx);
   st_make_current(NULL, NULL, NULL);
   test_window_sample_positions(e.screen, e.ctx);
   test_gles1(e.screen);
   st_make_current(e.ctx, &e.d.base, &e.d.base);
   test_env_fini(&e);
   return st_test_finish("st_test_texms");
}
