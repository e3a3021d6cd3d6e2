/*
 * GL_ARB_color_buffer_float's API on refpipe (api_clamp.c, st_clamp.h):
 * glClampColorARB / glClampColor and their errors, the glGet values, the
 * attribute groups (vertex clamp: lighting and enable bits; fragment and
 * read clamps: colour-buffer and enable bits), display-list compilation,
 * GL_RGBA_FLOAT_MODE_ARB, FIXED_ONLY resolved against window-system,
 * RGBA8 and RGBA32F buffers, and the colour queries that clamp under
 * fragment clamping (clear, blend, fog, texture environment, border colours
 * and the alpha reference).  Rendering is checked by tests/egl's
 * egl-color-buffer-float.
 */
#include <string.h>

#include "st_clamp.h"
#include "st_dispatch.h"
#include "st_glapi.h"
#include "st_test_fb.h"

#define W 8
#define H 8

/* Through the current dispatch table, which glNewList swaps for the save
 * table (the api_* functions themselves always execute). */
static GLint
get_int(GLenum pname)
{
   GLint v = -12345;
   api_glGetIntegerv(pname, &v);
   return v;
}

static void
expect_controls(GLenum vertex, GLenum fragment, GLenum read, const char *what)
{
   GLint v = get_int(GL_CLAMP_VERTEX_COLOR), f = get_int(GL_CLAMP_FRAGMENT_COLOR),
         r = get_int(GL_CLAMP_READ_COLOR);
   CHECK(v == (GLint)vertex && f == (GLint)fragment && r == (GLint)read,
         "%s: controls 0x%x 0x%x 0x%x, expected 0x%x 0x%x 0x%x", what, v, f, r, vertex, fragment,
         read);
}

static void
test_api(struct st_context *ctx)
{
   CHECK(ctx->caps.arb_color_buffer_float, "extension not offered");
   bool listed = false;
   for (unsigned i = 0; i < ctx->caps.num_extensions; i++)
      listed = listed || !strcmp(ctx->caps.extensions[i], "GL_ARB_color_buffer_float");
   CHECK(listed, "GL_ARB_color_buffer_float not in the extension list");

   expect_controls(GL_TRUE, GL_FIXED_ONLY, GL_FIXED_ONLY, "initial");
   CHECK_GL_ERROR(GL_NO_ERROR);

   /* every target takes every value; the ARB and GL 3.0 names are one command */
   static const GLenum values[3] = { GL_FALSE, GL_TRUE, GL_FIXED_ONLY_ARB };
   for (unsigned i = 0; i < 3; i++) {
      api_glClampColorARB(GL_CLAMP_VERTEX_COLOR_ARB, values[i]);
      api_glClampColor(GL_CLAMP_FRAGMENT_COLOR, values[(i + 1) % 3]);
      api_glClampColorARB(GL_CLAMP_READ_COLOR_ARB, values[(i + 2) % 3]);
      CHECK_GL_ERROR(GL_NO_ERROR);
      expect_controls(values[i], values[(i + 1) % 3], values[(i + 2) % 3], "set");
   }
   /* the same through glGetBooleanv / glGetFloatv */
   api_glClampColor(GL_CLAMP_VERTEX_COLOR, GL_FALSE);
   GLboolean b = GL_TRUE;
   api_glGetBooleanv(GL_CLAMP_VERTEX_COLOR, &b);
   CHECK(b == GL_FALSE, "glGetBooleanv(CLAMP_VERTEX_COLOR) %d", b);
   GLfloat f = 0.0f;
   api_glGetFloatv(GL_CLAMP_READ_COLOR, &f);
   CHECK(f == (GLfloat)GL_TRUE, "glGetFloatv(CLAMP_READ_COLOR) %g", f);

   /* errors: GL_INVALID_ENUM, state unchanged */
   api_glClampColorARB(GL_CLAMP_VERTEX_COLOR, 2);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glClampColorARB(GL_CLAMP_VERTEX_COLOR, GL_FIXED_ONLY + 1);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glClampColor(GL_RGBA_FLOAT_MODE_ARB, GL_TRUE);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glClampColor(GL_CLAMP_VERTEX_COLOR - 1, GL_TRUE);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   expect_controls(GL_FALSE, GL_FALSE, GL_TRUE, "after errors");
   /* inside glBegin/glEnd: GL_INVALID_OPERATION */
   api_glBegin(GL_POINTS);
   api_glClampColorARB(GL_CLAMP_VERTEX_COLOR, GL_TRUE);
   api_glEnd();
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   expect_controls(GL_FALSE, GL_FALSE, GL_TRUE, "after Begin/End");

   /* attribute groups */
   api_glClampColor(GL_CLAMP_VERTEX_COLOR, GL_TRUE);
   api_glClampColor(GL_CLAMP_FRAGMENT_COLOR, GL_TRUE);
   api_glClampColor(GL_CLAMP_READ_COLOR, GL_TRUE);
   static const struct {
      GLbitfield bits;
      bool vertex, fragment_read;
   } groups[] = {
      { GL_LIGHTING_BIT, true, false },
      { GL_COLOR_BUFFER_BIT, false, true },
      { GL_ENABLE_BIT, true, true },
      { GL_CURRENT_BIT | GL_FOG_BIT, false, false },
   };
   for (unsigned g = 0; g < sizeof groups / sizeof groups[0]; g++) {
      api_glPushAttrib(groups[g].bits);
      api_glClampColor(GL_CLAMP_VERTEX_COLOR, GL_FALSE);
      api_glClampColor(GL_CLAMP_FRAGMENT_COLOR, GL_FIXED_ONLY);
      api_glClampColor(GL_CLAMP_READ_COLOR, GL_FALSE);
      api_glPopAttrib();
      CHECK_GL_ERROR(GL_NO_ERROR);
      expect_controls(groups[g].vertex ? GL_TRUE : GL_FALSE,
                      groups[g].fragment_read ? GL_TRUE : GL_FIXED_ONLY,
                      groups[g].fragment_read ? GL_TRUE : GL_FALSE, "pop");
      api_glClampColor(GL_CLAMP_VERTEX_COLOR, GL_TRUE);
      api_glClampColor(GL_CLAMP_FRAGMENT_COLOR, GL_TRUE);
      api_glClampColor(GL_CLAMP_READ_COLOR, GL_TRUE);
   }

   /* display lists compile the command: GL_COMPILE leaves the state, the
    * call sets it */
   GLuint list = api_glGenLists(1);
   GL(glNewList, GLuint, GLenum)(list, GL_COMPILE);
   GL(glClampColorARB, GLenum, GLenum)(GL_CLAMP_FRAGMENT_COLOR, GL_FALSE);
   GL(glClampColor, GLenum, GLenum)(GL_CLAMP_READ_COLOR, GL_FIXED_ONLY);
   GL(glEndList, void)();
   CHECK_GL_ERROR(GL_NO_ERROR);
   expect_controls(GL_TRUE, GL_TRUE, GL_TRUE, "compiled");
   GL(glCallList, GLuint)(list);
   CHECK_GL_ERROR(GL_NO_ERROR);
   expect_controls(GL_TRUE, GL_FALSE, GL_FIXED_ONLY, "called");
   /* a bad value in a list raises its error when the list runs */
   GL(glNewList, GLuint, GLenum)(list, GL_COMPILE);
   GL(glClampColorARB, GLenum, GLenum)(GL_CLAMP_FRAGMENT_COLOR, 7);
   GL(glEndList, void)();
   CHECK_GL_ERROR(GL_NO_ERROR);
   GL(glCallList, GLuint)(list);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   expect_controls(GL_TRUE, GL_FALSE, GL_FIXED_ONLY, "bad value called");
   api_glDeleteLists(list, 1);

   api_glClampColor(GL_CLAMP_VERTEX_COLOR, GL_TRUE);
   api_glClampColor(GL_CLAMP_FRAGMENT_COLOR, GL_FIXED_ONLY);
   api_glClampColor(GL_CLAMP_READ_COLOR, GL_FIXED_ONLY);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* The six colour values section 6.1.2 clamps under fragment clamping, set
 * to v and read back as floats. */
static void
expect_color_queries(GLuint tex, const float v[4], bool clamped, const char *what)
{
   float want[4];
   memcpy(want, v, sizeof want);
   st_clamp_floats01(want, 4, clamped);
   float q[4];
   static const char *const names[] = { "clear", "blend", "fog", "texenv", "border" };
   for (unsigned k = 0; k < 5; k++) {
      memset(q, 0, sizeof q);
      switch (k) {
      case 0: api_glGetFloatv(GL_COLOR_CLEAR_VALUE, q); break;
      case 1: api_glGetFloatv(GL_BLEND_COLOR, q); break;
      case 2: api_glGetFloatv(GL_FOG_COLOR, q); break;
      case 3: api_glGetTexEnvfv(GL_TEXTURE_ENV, GL_TEXTURE_ENV_COLOR, q); break;
      default:
         api_glBindTexture(GL_TEXTURE_2D, tex);
         api_glGetTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, q);
         break;
      }
      CHECK(!memcmp(q, want, sizeof q), "%s: %s colour %g %g %g %g, expected %g %g %g %g",
            what, names[k], q[0], q[1], q[2], q[3], want[0], want[1], want[2], want[3]);
   }
   api_glGetFloatv(GL_ALPHA_TEST_REF, q);
   CHECK(q[0] == want[0], "%s: alpha reference %g, expected %g", what, q[0], want[0]);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

static void
test_fixed_only_and_queries(struct st_context *ctx)
{
   const float v[4] = { 7.0f, -2.75f, 0.25f, 1.5f };
   GLuint tex;
   api_glGenTextures(1, &tex);
   api_glBindTexture(GL_TEXTURE_2D, tex);
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32F_ARB, 4, 4, 0, GL_RGBA, GL_FLOAT, NULL);
   api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   api_glClearColor(v[0], v[1], v[2], v[3]);
   api_glBlendColor(v[0], v[1], v[2], v[3]);
   api_glFogfv(GL_FOG_COLOR, v);
   api_glTexEnvfv(GL_TEXTURE_ENV, GL_TEXTURE_ENV_COLOR, v);
   api_glTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, v);
   api_glAlphaFunc(GL_GREATER, v[0]);
   CHECK_GL_ERROR(GL_NO_ERROR);

   /* the window-system buffer (RGBA8) is fixed point */
   GLboolean b = GL_TRUE;
   api_glGetBooleanv(GL_RGBA_FLOAT_MODE_ARB, &b);
   CHECK(!b, "RGBA_FLOAT_MODE on the window");
   CHECK(st_clamp_vertex_color(ctx) && st_clamp_fragment_color(ctx) && st_clamp_read_color(ctx),
         "FIXED_ONLY on a fixed-point window does not clamp");
   expect_color_queries(tex, v, true, "window, FIXED_ONLY");
   api_glClampColor(GL_CLAMP_FRAGMENT_COLOR, GL_FALSE);
   expect_color_queries(tex, v, false, "window, FALSE");

   /* an RGBA32F framebuffer object (another texture) */
   GLuint fbtex, fb;
   api_glGenTextures(1, &fbtex);
   api_glBindTexture(GL_TEXTURE_2D, fbtex);
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32F_ARB, 4, 4, 0, GL_RGBA, GL_FLOAT, NULL);
   api_glGenFramebuffers(1, &fb);
   api_glBindFramebuffer(GL_FRAMEBUFFER, fb);
   api_glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, fbtex, 0);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glGetBooleanv(GL_RGBA_FLOAT_MODE_ARB, &b);
   CHECK(b, "RGBA_FLOAT_MODE false on an RGBA32F framebuffer");
   api_glClampColor(GL_CLAMP_VERTEX_COLOR, GL_FIXED_ONLY);
   api_glClampColor(GL_CLAMP_FRAGMENT_COLOR, GL_FIXED_ONLY);
   CHECK(!st_clamp_vertex_color(ctx) && !st_clamp_fragment_color(ctx) &&
            !st_clamp_read_color(ctx), "FIXED_ONLY on a float buffer clamps");
   expect_color_queries(tex, v, false, "RGBA32F, FIXED_ONLY");
   api_glClampColor(GL_CLAMP_FRAGMENT_COLOR, GL_TRUE);
   expect_color_queries(tex, v, true, "RGBA32F, TRUE");

   /* an RGBA8 attachment: fixed point again; the read clamp follows the
    * read buffer, the others the draw buffers */
   GLuint fixtex;
   api_glGenTextures(1, &fixtex);
   api_glBindTexture(GL_TEXTURE_2D, fixtex);
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_FLOAT, NULL);
   api_glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_TEXTURE_2D, fixtex, 0);
   api_glDrawBuffer(GL_COLOR_ATTACHMENT1);
   api_glClampColor(GL_CLAMP_FRAGMENT_COLOR, GL_FIXED_ONLY);
   CHECK(st_clamp_vertex_color(ctx) && st_clamp_fragment_color(ctx) && !st_clamp_read_color(ctx),
         "RGBA8 draw buffer, RGBA32F read buffer");
   api_glGetBooleanv(GL_RGBA_FLOAT_MODE_ARB, &b);
   CHECK(!b, "RGBA_FLOAT_MODE with an RGBA8 draw buffer");
   /* both drawn: one float buffer disables FIXED_ONLY clamping */
   const GLenum both[2] = { GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1 };
   api_glDrawBuffers(2, both);
   CHECK(!st_clamp_vertex_color(ctx) && !st_clamp_fragment_color(ctx),
         "a float buffer among the draw buffers still clamps under FIXED_ONLY");
   api_glReadBuffer(GL_COLOR_ATTACHMENT1);
   CHECK(st_clamp_read_color(ctx), "RGBA8 read buffer not clamped under FIXED_ONLY");
   CHECK_GL_ERROR(GL_NO_ERROR);

   api_glBindFramebuffer(GL_FRAMEBUFFER, 0);
   api_glDeleteFramebuffers(1, &fb);
   GLuint texs[3] = { tex, fbtex, fixtex };
   api_glDeleteTextures(3, texs);
   api_glClampColor(GL_CLAMP_VERTEX_COLOR, GL_TRUE);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

int
main(void)
{
   struct test_env e;
   if (!test_env_init(&e, W, H)) {
      fprintf(stderr, "st_test_clamp: no context\n");
      test_env_fini(&e);
      return 1;
   }
   test_api(e.ctx);
   test_fixed_only_and_queries(e.ctx);
   test_env_fini(&e);
   return st_test_finish("st_test_clamp");
}
