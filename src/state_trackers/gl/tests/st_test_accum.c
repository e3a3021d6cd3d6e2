/*
 * The accumulation buffer and colour-index state of an RGBA context with no
 * accumulation buffer: glAccum's enum check before GL_INVALID_OPERATION,
 * glClearAccum's clamping and queries, glClearIndex / glIndexMask state,
 * GL_ACCUM_BUFFER_BIT push/pop, glClear ignoring GL_ACCUM_BUFFER_BIT.
 */
#include "st_test_fb.h"

#define W 8
#define H 8

static void
expect_error(GLenum want, const char *what)
{
   GLenum e = api_glGetError();
   CHECK(e == want, "%s: error 0x%x, expected 0x%x", what, e, want);
}

int
main(void)
{
   struct test_env e;
   bool ok = test_env_init(&e, W, H);
   CHECK(ok, "context");
   if (ok) {
      GLint bits = -1;
      api_glGetIntegerv(GL_ACCUM_RED_BITS, &bits);
      CHECK_EQ_INT(bits, 0);
      api_glAccum(0x1234, 1.0f);
      expect_error(GL_INVALID_ENUM, "glAccum(bad op)");
      api_glAccum(GL_ACCUM, 0.5f);
      expect_error(GL_INVALID_OPERATION, "glAccum without an accumulation buffer");

      GLfloat v[4] = { 0, 0, 0, 0 };
      api_glClearAccum(-2.0f, 0.25f, 0.5f, 3.0f);
      api_glGetFloatv(GL_ACCUM_CLEAR_VALUE, v);
      CHECK(v[0] == -1.0f && v[1] == 0.25f && v[2] == 0.5f && v[3] == 1.0f,
            "clamped clear value %g %g %g %g", v[0], v[1], v[2], v[3]);
      api_glPushAttrib(GL_ACCUM_BUFFER_BIT);
      api_glClearAccum(0, 0, 0, 0);
      api_glPopAttrib();
      api_glGetFloatv(GL_ACCUM_CLEAR_VALUE, v);
      CHECK(v[0] == -1.0f && v[1] == 0.25f, "popped clear value %g %g", v[0], v[1]);

      GLint iv = 0;
      api_glGetIntegerv(GL_INDEX_WRITEMASK, &iv);
      CHECK_EQ_INT(iv, -1);
      api_glIndexMask(0x0f);
      api_glClearIndex(3.0f);
      api_glGetIntegerv(GL_INDEX_WRITEMASK, &iv);
      CHECK_EQ_INT(iv, 0x0f);
      api_glGetFloatv(GL_INDEX_CLEAR_VALUE, v);
      CHECK(v[0] == 3.0f, "index clear %g", v[0]);
      expect_error(GL_NO_ERROR, "state setters");

      /* glClear with the accumulation bit: accepted, colour still cleared */
      api_glClearColor(0.0f, 1.0f, 0.0f, 1.0f);
      api_glClear(GL_COLOR_BUFFER_BIT | GL_ACCUM_BUFFER_BIT);
      expect_error(GL_NO_ERROR, "glClear with GL_ACCUM_BUFFER_BIT");
      GLubyte px[4] = { 0, 0, 0, 0 };
      api_glReadPixels(1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
      CHECK(px[0] == 0 && px[1] == 255 && px[2] == 0 && px[3] == 255, "cleared %u %u %u %u",
            px[0], px[1], px[2], px[3]);
   }
   test_env_fini(&e);
   return st_test_finish("st_test_accum");
}
