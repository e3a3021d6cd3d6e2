/*
 * GL_EXT_draw_buffers2 and GL_ARB_draw_buffers_blend on refpipe: the
 * entry points' errors, the indexed queries (glGet*IndexedvEXT and
 * glGet*i_v) against the non-indexed ones, glPushAttrib/glPopAttrib of the
 * per-buffer state, display-list compilation, and rendering into a
 * four-buffer framebuffer object with a different colour mask, blend
 * enable and blend function/equation per buffer (expected pixels
 * computed here from the GL blend equations).
 */
#include <math.h>
#include <string.h>

#include "api/api.h"
#include "st_caps.h"
#include "st_dispatch.h"
#include "st_glapi.h"
#include "st_test_fb.h"

#define W 16
#define H 16

static GLint
get_indexed_int(GLenum target, GLuint i)
{
   GLint v = -12345;
   api_glGetIntegerIndexedvEXT(target, i, &v);
   return v;
}

static void
test_offered(void)
{
   CHECK(test_has_extension("GL_EXT_draw_buffers2"), "GL_EXT_draw_buffers2 not offered");
   CHECK(test_has_extension("GL_ARB_draw_buffers_blend"), "GL_ARB_draw_buffers_blend not offered");
}

/* --- state and queries -------------------------------------------------------------- */

static void
test_color_mask_state(void)
{
   api_glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   api_glColorMaskIndexedEXT(2, GL_TRUE, GL_FALSE, GL_TRUE, GL_FALSE);
   CHECK_GL_ERROR(GL_NO_ERROR);
   GLboolean b[4] = { 9, 9, 9, 9 };
   api_glGetBooleanIndexedvEXT(GL_COLOR_WRITEMASK, 2, b);
   CHECK(b[0] == GL_TRUE && b[1] == GL_FALSE && b[2] == GL_TRUE && b[3] == GL_FALSE,
         "buffer 2 mask %d %d %d %d", b[0], b[1], b[2], b[3]);
   GLint iv[4] = { -1, -1, -1, -1 };
   api_glGetIntegerIndexedvEXT(GL_COLOR_WRITEMASK, 2, iv);
   CHECK(iv[0] == 1 && iv[1] == 0 && iv[2] == 1 && iv[3] == 0, "int mask %d %d %d %d", iv[0],
         iv[1], iv[2], iv[3]);
   api_glGetBooleanIndexedvEXT(GL_COLOR_WRITEMASK, 1, b);
   CHECK(b[0] && b[1] && b[2] && b[3], "buffer 1 keeps its mask");
   /* the non-indexed query is buffer 0's */
   api_glGetBooleanv(GL_COLOR_WRITEMASK, b);
   CHECK(b[0] && b[1] && b[2] && b[3], "buffer 0 mask");
   api_glColorMaskIndexedEXT(0, GL_FALSE, GL_TRUE, GL_TRUE, GL_TRUE);
   api_glGetBooleanv(GL_COLOR_WRITEMASK, b);
   CHECK(!b[0] && b[1] && b[2] && b[3], "glGetBooleanv is buffer 0's");
   /* glColorMask sets every buffer */
   api_glColorMask(GL_TRUE, GL_FALSE, GL_FALSE, GL_TRUE);
   for (GLuint i = 0; i < 8; i++) {
      api_glGetBooleanIndexedvEXT(GL_COLOR_WRITEMASK, i, b);
      CHECK(b[0] && !b[1] && !b[2] && b[3], "buffer %u after glColorMask", i);
   }
   api_glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);

   /* errors */
   api_glColorMaskIndexedEXT(8, GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glGetBooleanIndexedvEXT(GL_COLOR_WRITEMASK, 8, b);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glGetIntegerIndexedvEXT(GL_DEPTH_WRITEMASK, 0, iv);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

static void
test_blend_enable_state(void)
{
   api_glDisable(GL_BLEND);
   api_glEnableIndexedEXT(GL_BLEND, 3);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(api_glIsEnabledIndexedEXT(GL_BLEND, 3) == GL_TRUE, "buffer 3 enabled");
   CHECK(api_glIsEnabledIndexedEXT(GL_BLEND, 2) == GL_FALSE, "buffer 2 disabled");
   CHECK(api_glIsEnabled(GL_BLEND) == GL_FALSE, "glIsEnabled is buffer 0's");
   CHECK_EQ_INT(get_indexed_int(GL_BLEND, 3), 1);
   GLboolean b = 9;
   api_glGetBooleani_v(GL_BLEND, 3, &b);
   CHECK_EQ_INT(b, GL_TRUE);
   api_glEnableIndexedEXT(GL_BLEND, 0);
   CHECK(api_glIsEnabled(GL_BLEND) == GL_TRUE, "buffer 0 is GL_BLEND");
   api_glDisableIndexedEXT(GL_BLEND, 0);
   CHECK(api_glIsEnabled(GL_BLEND) == GL_FALSE, "buffer 0 disabled again");
   CHECK(api_glIsEnabledIndexedEXT(GL_BLEND, 3) == GL_TRUE, "buffer 3 unchanged");
   /* glEnable / glDisable set every buffer, even when buffer 0 already is */
   api_glEnableIndexedEXT(GL_BLEND, 0);
   api_glEnable(GL_BLEND);
   for (GLuint i = 0; i < 8; i++)
      CHECK(api_glIsEnabledIndexedEXT(GL_BLEND, i) == GL_TRUE, "buffer %u after glEnable", i);
   api_glDisableIndexedEXT(GL_BLEND, 5);
   api_glDisable(GL_BLEND);
   for (GLuint i = 0; i < 8; i++)
      CHECK(api_glIsEnabledIndexedEXT(GL_BLEND, i) == GL_FALSE, "buffer %u after glDisable", i);
   CHECK_GL_ERROR(GL_NO_ERROR);

   /* errors: only GL_BLEND is indexed; the index is a draw buffer */
   api_glEnableIndexedEXT(GL_DEPTH_TEST, 0);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glDisableIndexedEXT(GL_SCISSOR_TEST, 0);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   CHECK(api_glIsEnabledIndexedEXT(GL_DITHER, 0) == GL_FALSE, "bad target");
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glEnableIndexedEXT(GL_BLEND, 8);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   CHECK(api_glIsEnabledIndexedEXT(GL_BLEND, 100) == GL_FALSE, "bad index");
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glGetIntegerIndexedvEXT(GL_BLEND, 8, (GLint[1]){ 0 });
   CHECK_GL_ERROR(GL_INVALID_VALUE);
}

static void
test_blend_func_state(void)
{
   api_glBlendFunc(GL_ONE, GL_ZERO);
   api_glBlendEquation(GL_FUNC_ADD);
   api_glBlendFunciARB(1, GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
   api_glBlendFuncSeparateiARB(2, GL_DST_COLOR, GL_ZERO, GL_ONE, GL_ONE);
   api_glBlendEquationiARB(3, GL_FUNC_REVERSE_SUBTRACT);
   api_glBlendEquationSeparateiARB(4, GL_MIN, GL_MAX);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT(get_indexed_int(GL_BLEND_SRC_RGB, 1), GL_SRC_ALPHA);
   CHECK_EQ_INT(get_indexed_int(GL_BLEND_SRC_ALPHA, 1), GL_SRC_ALPHA);
   CHECK_EQ_INT(get_indexed_int(GL_BLEND_DST_RGB, 1), GL_ONE_MINUS_SRC_ALPHA);
   CHECK_EQ_INT(get_indexed_int(GL_BLEND_DST_ALPHA, 1), GL_ONE_MINUS_SRC_ALPHA);
   CHECK_EQ_INT(get_indexed_int(GL_BLEND_SRC, 1), GL_SRC_ALPHA);   /* GL 1.x names */
   CHECK_EQ_INT(get_indexed_int(GL_BLEND_DST, 1), GL_ONE_MINUS_SRC_ALPHA);
   CHECK_EQ_INT(get_indexed_int(GL_BLEND_SRC_RGB, 2), GL_DST_COLOR);
   CHECK_EQ_INT(get_indexed_int(GL_BLEND_DST_RGB, 2), GL_ZERO);
   CHECK_EQ_INT(get_indexed_int(GL_BLEND_SRC_ALPHA, 2), GL_ONE);
   CHECK_EQ_INT(get_indexed_int(GL_BLEND_DST_ALPHA, 2), GL_ONE);
   CHECK_EQ_INT(get_indexed_int(GL_BLEND_EQUATION_RGB, 3), GL_FUNC_REVERSE_SUBTRACT);
   CHECK_EQ_INT(get_indexed_int(GL_BLEND_EQUATION_ALPHA, 3), GL_FUNC_REVERSE_SUBTRACT);
   CHECK_EQ_INT(get_indexed_int(GL_BLEND_EQUATION_RGB, 4), GL_MIN);
   CHECK_EQ_INT(get_indexed_int(GL_BLEND_EQUATION_ALPHA, 4), GL_MAX);
   GLint v = 0;
   api_glGetIntegeri_v(GL_BLEND_EQUATION_ALPHA, 4, &v);
   CHECK_EQ_INT(v, GL_MAX);
   /* buffer 0 and the non-indexed queries are untouched */
   CHECK_EQ_INT(get_indexed_int(GL_BLEND_SRC_RGB, 0), GL_ONE);
   api_glGetIntegerv(GL_BLEND_SRC_RGB, &v);
   CHECK_EQ_INT(v, GL_ONE);
   api_glGetIntegerv(GL_BLEND_EQUATION_ALPHA, &v);
   CHECK_EQ_INT(v, GL_FUNC_ADD);
   /* the non-indexed commands set every buffer */
   api_glBlendFuncSeparate(GL_ZERO, GL_SRC_COLOR, GL_ONE, GL_ZERO);
   api_glBlendEquationSeparate(GL_FUNC_SUBTRACT, GL_FUNC_ADD);
   for (GLuint i = 0; i < 8; i++) {
      CHECK_EQ_INT(get_indexed_int(GL_BLEND_SRC_RGB, i), GL_ZERO);
      CHECK_EQ_INT(get_indexed_int(GL_BLEND_DST_RGB, i), GL_SRC_COLOR);
      CHECK_EQ_INT(get_indexed_int(GL_BLEND_EQUATION_RGB, i), GL_FUNC_SUBTRACT);
      CHECK_EQ_INT(get_indexed_int(GL_BLEND_EQUATION_ALPHA, i), GL_FUNC_ADD);
   }
   api_glBlendFunc(GL_ONE, GL_ZERO);
   api_glBlendEquation(GL_FUNC_ADD);
   CHECK_GL_ERROR(GL_NO_ERROR);

   /* errors: the buffer first, then the enums; nothing changes */
   api_glBlendFunciARB(8, GL_ONE, GL_ONE);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glBlendFuncSeparateiARB(8, GL_ONE, GL_ONE, GL_ONE, GL_ONE);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glBlendEquationiARB(8, GL_FUNC_ADD);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glBlendEquationSeparateiARB(8, GL_FUNC_ADD, GL_FUNC_ADD);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glBlendFunciARB(1, GL_ONE, GL_SRC_ALPHA_SATURATE);   /* source only */
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glBlendFunciARB(1, GL_FUNC_ADD, GL_ONE);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glBlendFuncSeparateiARB(1, GL_ONE, GL_ONE, GL_ONE, GL_LINE);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glBlendEquationiARB(1, GL_ONE);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glBlendEquationSeparateiARB(1, GL_FUNC_ADD, GL_ZERO);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   CHECK_EQ_INT(get_indexed_int(GL_BLEND_DST_RGB, 1), GL_ZERO);
   CHECK_EQ_INT(get_indexed_int(GL_BLEND_EQUATION_ALPHA, 1), GL_FUNC_ADD);
   api_glGetIntegerIndexedvEXT(GL_BLEND_COLOR, 0, &v);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
}

static void
test_attrib_stack(void)
{
   api_glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   api_glDisable(GL_BLEND);
   api_glEnableIndexedEXT(GL_BLEND, 2);
   api_glColorMaskIndexedEXT(1, GL_FALSE, GL_FALSE, GL_TRUE, GL_TRUE);
   api_glBlendFunciARB(3, GL_ONE, GL_ONE);

   /* GL_COLOR_BUFFER_BIT: masks, blend enables, functions and equations */
   api_glPushAttrib(GL_COLOR_BUFFER_BIT);
   api_glEnable(GL_BLEND);
   api_glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
   api_glBlendFunc(GL_ZERO, GL_ZERO);
   api_glBlendEquationiARB(3, GL_MAX);
   api_glPopAttrib();
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(api_glIsEnabledIndexedEXT(GL_BLEND, 2) && !api_glIsEnabledIndexedEXT(GL_BLEND, 1) &&
            !api_glIsEnabled(GL_BLEND),
         "blend enables restored by GL_COLOR_BUFFER_BIT");
   GLboolean b[4];
   api_glGetBooleanIndexedvEXT(GL_COLOR_WRITEMASK, 1, b);
   CHECK(!b[0] && !b[1] && b[2] && b[3], "mask 1 restored");
   api_glGetBooleanIndexedvEXT(GL_COLOR_WRITEMASK, 0, b);
   CHECK(b[0] && b[1] && b[2] && b[3], "mask 0 restored");
   CHECK_EQ_INT(get_indexed_int(GL_BLEND_SRC_RGB, 3), GL_ONE);
   CHECK_EQ_INT(get_indexed_int(GL_BLEND_DST_ALPHA, 3), GL_ONE);
   CHECK_EQ_INT(get_indexed_int(GL_BLEND_SRC_RGB, 2), GL_ONE);
   CHECK_EQ_INT(get_indexed_int(GL_BLEND_DST_RGB, 2), GL_ZERO);
   CHECK_EQ_INT(get_indexed_int(GL_BLEND_EQUATION_RGB, 3), GL_FUNC_ADD);

   /* GL_ENABLE_BIT: the blend enables only */
   api_glPushAttrib(GL_ENABLE_BIT);
   api_glDisableIndexedEXT(GL_BLEND, 2);
   api_glEnableIndexedEXT(GL_BLEND, 6);
   api_glColorMaskIndexedEXT(1, GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   api_glPopAttrib();
   CHECK(api_glIsEnabledIndexedEXT(GL_BLEND, 2) && !api_glIsEnabledIndexedEXT(GL_BLEND, 6),
         "blend enables restored by GL_ENABLE_BIT");
   api_glGetBooleanIndexedvEXT(GL_COLOR_WRITEMASK, 1, b);
   CHECK(b[0] && b[1] && b[2] && b[3], "GL_ENABLE_BIT does not restore masks");

   /* other groups leave them alone */
   api_glPushAttrib(GL_DEPTH_BUFFER_BIT);
   api_glEnable(GL_BLEND);
   api_glBlendFunciARB(5, GL_ZERO, GL_ONE);
   api_glPopAttrib();
   CHECK(api_glIsEnabledIndexedEXT(GL_BLEND, 6), "not restored by GL_DEPTH_BUFFER_BIT");
   CHECK_EQ_INT(get_indexed_int(GL_BLEND_DST_RGB, 5), GL_ONE);

   api_glDisable(GL_BLEND);
   api_glBlendFunc(GL_ONE, GL_ZERO);
   api_glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* A command through the current dispatch table (the save table while a
 * list is compiled). */
static void
test_display_list(void)
{
   api_glDisable(GL_BLEND);
   api_glBlendFunc(GL_ONE, GL_ZERO);
   api_glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   GLuint list = api_glGenLists(1);
   GL(glNewList, GLuint, GLenum)(list, GL_COMPILE);
   GL(glEnableIndexedEXT, GLenum, GLuint)(GL_BLEND, 4);
   GL(glColorMaskIndexedEXT, GLuint, GLboolean, GLboolean, GLboolean, GLboolean)(
      4, GL_FALSE, GL_TRUE, GL_FALSE, GL_TRUE);
   GL(glBlendFuncSeparateiARB, GLuint, GLenum, GLenum, GLenum, GLenum)(4, GL_SRC_COLOR,
                                                                      GL_DST_COLOR, GL_ZERO,
                                                                      GL_ONE);
   GL(glBlendEquationSeparateiARB, GLuint, GLenum, GLenum)(4, GL_FUNC_SUBTRACT, GL_MIN);
   GL(glEndList, void)();
   CHECK_GL_ERROR(GL_NO_ERROR);
   /* compiled, not executed */
   CHECK(!api_glIsEnabledIndexedEXT(GL_BLEND, 4), "executed at compile time");
   CHECK_EQ_INT(get_indexed_int(GL_BLEND_SRC_RGB, 4), GL_ONE);
   GL(glCallList, GLuint)(list);
   CHECK(api_glIsEnabledIndexedEXT(GL_BLEND, 4), "list enable");
   GLboolean b[4];
   api_glGetBooleanIndexedvEXT(GL_COLOR_WRITEMASK, 4, b);
   CHECK(!b[0] && b[1] && !b[2] && b[3], "list mask");
   CHECK_EQ_INT(get_indexed_int(GL_BLEND_SRC_RGB, 4), GL_SRC_COLOR);
   CHECK_EQ_INT(get_indexed_int(GL_BLEND_DST_RGB, 4), GL_DST_COLOR);
   CHECK_EQ_INT(get_indexed_int(GL_BLEND_DST_ALPHA, 4), GL_ONE);
   CHECK_EQ_INT(get_indexed_int(GL_BLEND_EQUATION_ALPHA, 4), GL_MIN);
   api_glDeleteLists(list, 1);
   api_glDisable(GL_BLEND);
   api_glBlendFunc(GL_ONE, GL_ZERO);
   api_glBlendEquation(GL_FUNC_ADD);
   api_glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

static void
test_not_offered(struct st_context *ctx)
{
   bool s2 = ctx->caps.ext_draw_buffers2, sb = ctx->caps.ext_draw_buffers_blend;
   ctx->caps.ext_draw_buffers2 = ctx->caps.ext_draw_buffers_blend = false;
   api_glColorMaskIndexedEXT(0, GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glEnableIndexedEXT(GL_BLEND, 0);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glBlendFunciARB(0, GL_ONE, GL_ONE);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glBlendEquationiARB(0, GL_FUNC_ADD);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   GLint v;
   api_glGetIntegerIndexedvEXT(GL_BLEND, 0, &v);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   ctx->caps.ext_draw_buffers2 = s2;
   ctx->caps.ext_draw_buffers_blend = sb;
}

/* --- rendering -------------------------------------------------------------------------- */

#define NBUF 4

static float
clamp01(float f)
{
   return f < 0.0f ? 0.0f : f > 1.0f ? 1.0f : f;
}

static void
test_render_mrt(void)
{
   GLuint fbo, tex[NBUF];
   api_glGenFramebuffers(1, &fbo);
   api_glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   api_glGenTextures(NBUF, tex);
   GLenum bufs[NBUF];
   for (unsigned i = 0; i < NBUF; i++) {
      api_glBindTexture(GL_TEXTURE_2D, tex[i]);
      api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, W, H, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
      api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
      api_glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + i, GL_TEXTURE_2D,
                                 tex[i], 0);
      bufs[i] = GL_COLOR_ATTACHMENT0 + i;
   }
   api_glBindTexture(GL_TEXTURE_2D, 0);
   api_glDrawBuffers(NBUF, bufs);
   CHECK_EQ_INT(api_glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
   api_glViewport(0, 0, W, H);

   /* the destination: clear every buffer to dst, buffer 3 keeping its
    * blue channel at its first clear's value (per-buffer mask on clears) */
   const float dst[4] = { 0.2f, 0.4f, 0.6f, 0.8f };
   const float first[4] = { 0.0f, 0.0f, 1.0f, 0.0f };
   api_glClearColor(first[0], first[1], first[2], first[3]);
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glColorMaskIndexedEXT(3, GL_TRUE, GL_TRUE, GL_FALSE, GL_TRUE);
   api_glClearColor(dst[0], dst[1], dst[2], dst[3]);
   api_glClear(GL_COLOR_BUFFER_BIT);
   float d[NBUF][4];
   for (unsigned i = 0; i < NBUF; i++)
      memcpy(d[i], dst, sizeof dst);
   d[3][2] = first[2];

   /* the fixed-function colour goes to every buffer (gl_FragColor broadcast) */
   const float src[4] = { 0.9f, 0.3f, 0.5f, 0.25f };
   api_glDisable(GL_BLEND);
   /* buffer 0: no blending, full mask: src */
   /* buffer 1: SRC_ALPHA, ONE_MINUS_SRC_ALPHA, add; mask without green */
   api_glEnableIndexedEXT(GL_BLEND, 1);
   api_glBlendFunciARB(1, GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
   api_glColorMaskIndexedEXT(1, GL_TRUE, GL_FALSE, GL_TRUE, GL_TRUE);
   /* buffer 2: ONE, ONE, reverse subtract (dst - src) for RGB, MAX for alpha */
   api_glEnableIndexedEXT(GL_BLEND, 2);
   api_glBlendFunciARB(2, GL_ONE, GL_ONE);
   api_glBlendEquationSeparateiARB(2, GL_FUNC_REVERSE_SUBTRACT, GL_MAX);
   /* buffer 3: blending enabled with the default ONE, ZERO: src; blue masked */
   api_glEnableIndexedEXT(GL_BLEND, 3);
   CHECK_GL_ERROR(GL_NO_ERROR);

   api_glMatrixMode(GL_PROJECTION);
   api_glLoadIdentity();
   api_glOrtho(0, W, 0, H, -1, 1);
   api_glColor4fv(src);
   api_glBegin(GL_QUADS);
   api_glVertex2f(0, 0);
   api_glVertex2f(W / 2, 0);
   api_glVertex2f(W / 2, H);
   api_glVertex2f(0, H);
   api_glEnd();
   CHECK_GL_ERROR(GL_NO_ERROR);

   float e[NBUF][4];
   for (unsigned c = 0; c < 4; c++) {
      e[0][c] = src[c];
      e[1][c] = c == 1 ? d[1][c] : clamp01(src[c] * src[3] + d[1][c] * (1.0f - src[3]));
      e[2][c] = c == 3 ? fmaxf(src[c], d[2][c]) : clamp01(d[2][c] - src[c]);
      e[3][c] = c == 2 ? d[3][c] : src[c];
   }
   for (unsigned i = 0; i < NBUF; i++) {
      api_glReadBuffer(GL_COLOR_ATTACHMENT0 + i);
      GLubyte in[4], out[4];
      memset(in, 0x55, 4);
      memset(out, 0x55, 4);
      api_glReadPixels(2, 5, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, in);
      api_glReadPixels(W - 2, 5, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, out);
      for (unsigned c = 0; c < 4; c++) {
         int want = (int)lroundf(e[i][c] * 255.0f);
         int untouched = (int)lroundf(d[i][c] * 255.0f);
         CHECK(abs(in[c] - want) <= 1, "buffer %u channel %u = %u, expected %d", i, c, in[c],
               want);
         CHECK(abs(out[c] - untouched) <= 1, "buffer %u channel %u outside = %u, expected %d", i,
               c, out[c], untouched);
      }
   }
   CHECK_GL_ERROR(GL_NO_ERROR);

   api_glDisable(GL_BLEND);
   api_glBlendFunc(GL_ONE, GL_ZERO);
   api_glBlendEquation(GL_FUNC_ADD);
   api_glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   api_glBindFramebuffer(GL_FRAMEBUFFER, 0);
   api_glDeleteFramebuffers(1, &fbo);
   api_glDeleteTextures(NBUF, tex);
}

int
main(void)
{
   struct test_env e;
   if (!test_env_init(&e, W, H)) {
      fprintf(stderr, "st_test_drawbuffers2: no context\n");
      test_env_fini(&e);
      return 1;
   }
   test_offered();
   test_color_mask_state();
   test_blend_enable_state();
   test_blend_func_state();
   test_attrib_stack();
   test_display_list();
   test_not_offered(e.ctx);
   test_render_mrt();
   test_env_fini(&e);
   return st_test_finish("st_test_drawbuffers2");
}
