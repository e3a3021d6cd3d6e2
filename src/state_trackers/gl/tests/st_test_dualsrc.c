/*
 * GL_ARB_blend_func_extended (GL 3.3 core) in desktop contexts: the
 * extension string and GL_MAX_DUAL_SOURCE_DRAW_BUFFERS, the errors of
 * glBindFragDataLocationIndexed, outputs bound to index 1 by the command
 * and by layout(index = 1), what glGetFragDataLocation / glGetFragDataIndex
 * answer for them, and on refpipe and jitpipe the blend of the two colours
 * with the SRC1 factors: result = c0 * c1 + dst * (1 - c1), computed here
 * from the constants below.
 */
#include <stdio.h>
#include <string.h>

#include "st_dispatch.h"
#include "st_glapi.h"
#include "st_test_fb.h"

#define W 4
#define H 4

static const char vs_src[] =
   "#version 130\n"
   "void main() { gl_Position = ftransform(); }\n";

/* c0 = (0.2, 0.4, 0.6, 1), c1 = (0.5, 0.25, 1, 1) */
static const char fs_bound[] =
   "#version 130\n"
   "#extension GL_ARB_blend_func_extended : require\n"
   "out vec4 first;\n"
   "out vec4 second;\n"
   "void main() { first = vec4(0.2, 0.4, 0.6, 1.0); second = vec4(0.5, 0.25, 1.0, 1.0); }\n";

static const char fs_layout[] =
   "#version 330 compatibility\n"
   "layout(location = 0, index = 1) out vec4 second;\n"
   "layout(location = 0) out vec4 first;\n"
   "void main() { first = vec4(0.2, 0.4, 0.6, 1.0); second = vec4(0.5, 0.25, 1.0, 1.0); }\n";

/* layout(index) with GL_ARB_explicit_attrib_location alone, where the
 * context offers GL_ARB_blend_func_extended (piglit's dual-source tests) */
static const char fs_explicit[] =
   "#version 130\n"
   "#extension GL_ARB_explicit_attrib_location : require\n"
   "layout(location = 0, index = 0) out vec4 first;\n"
   "layout(location = 0, index = 1) out vec4 second;\n"
   "void main() { first = vec4(0.2, 0.4, 0.6, 1.0); second = vec4(0.5, 0.25, 1.0, 1.0); }\n";

static void
test_api(void)
{
   CHECK(test_has_extension("GL_ARB_blend_func_extended"), "GL_ARB_blend_func_extended not offered");
   CHECK(test_get_int(GL_MAX_DUAL_SOURCE_DRAW_BUFFERS) == 1, "MAX_DUAL_SOURCE_DRAW_BUFFERS %d",
         test_get_int(GL_MAX_DUAL_SOURCE_DRAW_BUFFERS));
   CHECK_GL_ERROR(GL_NO_ERROR);
   GLuint p = api_glCreateProgram();
   GL(glBindFragDataLocationIndexed, GLuint, GLuint, GLuint, const char *)(p, 0, 2, "x");
   CHECK_GL_ERROR(GL_INVALID_VALUE);   /* index > 1 */
   GL(glBindFragDataLocationIndexed, GLuint, GLuint, GLuint, const char *)(p, 1, 1, "x");
   CHECK_GL_ERROR(GL_INVALID_VALUE);   /* colour >= MAX_DUAL_SOURCE_DRAW_BUFFERS */
   GL(glBindFragDataLocationIndexed, GLuint, GLuint, GLuint, const char *)(p, 8, 0, "x");
   CHECK_GL_ERROR(GL_INVALID_VALUE);   /* colour >= MAX_DRAW_BUFFERS */
   GL(glBindFragDataLocationIndexed, GLuint, GLuint, GLuint, const char *)(p, 0, 1, "gl_x");
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   GL(glBindFragDataLocationIndexed, GLuint, GLuint, GLuint, const char *)(p + 100, 0, 1, "x");
   CHECK_GL_ERROR(GL_INVALID_VALUE);   /* no such program */
   api_glDeleteProgram(p);
   CHECK_GL_ERROR(GL_NO_ERROR);

   /* a SRC1 factor with two draw buffers: glBegin and the draws refuse */
   GLuint fbo, rb[2];
   api_glGenFramebuffers(1, &fbo);
   api_glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   api_glGenRenderbuffers(2, rb);
   for (unsigned i = 0; i < 2; i++) {
      api_glBindRenderbuffer(GL_RENDERBUFFER, rb[i]);
      api_glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, W, H);
      api_glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + i, GL_RENDERBUFFER,
                                    rb[i]);
   }
   static const GLenum two[2] = { GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1 };
   api_glDrawBuffers(2, two);
   api_glEnable(GL_BLEND);
   api_glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC1_ALPHA);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glBegin(GL_POINTS);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glEnd();
   CHECK_GL_ERROR(GL_INVALID_OPERATION);   /* no glBegin happened */
   static const GLfloat pt[2] = { 1, 1 };
   api_glVertexPointer(2, GL_FLOAT, 0, pt);
   api_glEnableClientState(GL_VERTEX_ARRAY);
   api_glDrawArrays(GL_POINTS, 0, 1);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glDisableClientState(GL_VERTEX_ARRAY);
   api_glDrawBuffers(1, two);   /* one draw buffer: allowed */
   api_glBegin(GL_POINTS);
   api_glEnd();
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glDrawBuffers(2, two);
   api_glDisable(GL_BLEND);   /* blending off: allowed */
   api_glBegin(GL_POINTS);
   api_glEnd();
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glBlendFunc(GL_ONE, GL_ZERO);
   api_glBindFramebuffer(GL_FRAMEBUFFER, 0);
   api_glDeleteFramebuffers(1, &fbo);
   api_glDeleteRenderbuffers(2, rb);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* glGetFragDataIndex through the dispatch (a GL 3.3 entry point) */
static GLint
frag_index(GLuint p, const char *name)
{
   return ((GLint(GLAPIENTRY *)(GLuint, const char *))test_proc("glGetFragDataIndex"))(p, name);
}

static void
draw_and_check(const char *what, GLuint p)
{
   api_glUseProgram(p);
   api_glClearColor(1, 1, 1, 1);
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glEnable(GL_BLEND);
   api_glBlendFunc(GL_SRC1_COLOR, GL_ONE_MINUS_SRC1_COLOR);
   CHECK_GL_ERROR(GL_NO_ERROR);
   test_tex_quad(W, H, 0, 0, 1, 1);
   api_glDisable(GL_BLEND);
   api_glUseProgram(0);
   /* c0 * c1 + 1 * (1 - c1) = (0.1 + 0.5, 0.1 + 0.75, 0.6 + 0) */
   GLubyte px[4];
   test_read_px(1, 1, px);
   CHECK(abs(px[0] - 153) <= 2 && abs(px[1] - 217) <= 2 && abs(px[2] - 153) <= 2,
         "%s: pixel %u,%u,%u, expected 153,217,153", what, px[0], px[1], px[2]);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

static void
test_rendering(const char *drv)
{
   char what[96];
   /* bound by the command: 'second' at colour 0, index 1 */
   GLuint p = api_glCreateProgram();
   GLuint vs = api_glCreateShader(GL_VERTEX_SHADER), fs = api_glCreateShader(GL_FRAGMENT_SHADER);
   const char *vsrc = vs_src, *fsrc = fs_bound;
   api_glShaderSource(vs, 1, &vsrc, NULL);
   api_glShaderSource(fs, 1, &fsrc, NULL);
   api_glCompileShader(vs);
   api_glCompileShader(fs);
   api_glAttachShader(p, vs);
   api_glAttachShader(p, fs);
   GL(glBindFragDataLocationIndexed, GLuint, GLuint, GLuint, const char *)(p, 0, 0, "first");
   GL(glBindFragDataLocationIndexed, GLuint, GLuint, GLuint, const char *)(p, 0, 1, "second");
   api_glLinkProgram(p);
   CHECK(test_program_iv(p, GL_LINK_STATUS) == GL_TRUE, "%s: bound program does not link", drv);
   CHECK(api_glGetFragDataLocation(p, "second") == 0, "location of 'second' %d",
         api_glGetFragDataLocation(p, "second"));
   CHECK(frag_index(p, "second") == 1, "index of 'second' %d", frag_index(p, "second"));
   CHECK(frag_index(p, "first") == 0, "index of 'first' %d", frag_index(p, "first"));
   CHECK(frag_index(p, "nothing") == -1, "index of a name that is no output");
   CHECK_GL_ERROR(GL_NO_ERROR);
   snprintf(what, sizeof what, "%s, bound", drv);
   draw_and_check(what, p);

   /* both at index 0, colour 0: a link error */
   GL(glBindFragDataLocationIndexed, GLuint, GLuint, GLuint, const char *)(p, 0, 0, "second");
   api_glLinkProgram(p);
   CHECK(test_program_iv(p, GL_LINK_STATUS) == GL_FALSE, "two outputs at colour 0 linked");
   api_glDeleteShader(vs);
   api_glDeleteShader(fs);
   api_glDeleteProgram(p);

   /* layout(index = 1) */
   p = test_linked_program(vs_src, NULL, fs_layout);
   CHECK(frag_index(p, "second") == 1 && frag_index(p, "first") == 0, "layout indices %d %d",
         frag_index(p, "second"), frag_index(p, "first"));
   snprintf(what, sizeof what, "%s, layout", drv);
   draw_and_check(what, p);
   api_glDeleteProgram(p);

   p = test_linked_program(vs_src, NULL, fs_explicit);
   CHECK(frag_index(p, "second") == 1, "explicit_attrib_location: index %d",
         frag_index(p, "second"));
   snprintf(what, sizeof what, "%s, explicit_attrib_location", drv);
   draw_and_check(what, p);
   api_glDeleteProgram(p);
}

static void
run(struct test_env *e, const char *driver, bool first)
{
   (void)e;
   if (first)
      test_api();
   test_rendering(driver);
}

int
main(void)
{
   test_on_each_driver("st_test_dualsrc", "3.3", W, H, run);
   return st_test_finish("st_test_dualsrc");
}
