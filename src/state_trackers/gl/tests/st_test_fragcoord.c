/*
 * GL_ARB_fragment_coord_conventions on refpipe: gl_FragCoord redeclared
 * with layout(origin_upper_left) / layout(pixel_center_integer) in GLSL
 * 1.10, and the ARB_fragment_program options of the same names; the
 * compile errors of the redeclaration.  A full-window quad writes
 * gl_FragCoord.xy / 8 and one pixel is read back; the expected bytes are
 * computed here from the pixel's GL window coordinates, in the
 * window-system buffer (y-flipped storage) and in a framebuffer object.
 */
#include <math.h>
#include <string.h>

#include "st_test_fb.h"

#define W 8
#define H 8

static GLuint
compile(GLenum type, const char *src, bool want_ok)
{
   GLuint s = api_glCreateShader(type);
   api_glShaderSource(s, 1, &src, NULL);
   api_glCompileShader(s);
   GLint ok = -1;
   api_glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
   CHECK((ok == GL_TRUE) == want_ok, "compile status %d, expected %d:\n%s", ok, want_ok, src);
   return s;
}

#define EXT "#extension GL_ARB_fragment_coord_conventions : require\n"

static void
test_errors(void)
{
   const char *ext = (const char *)api_glGetString(GL_EXTENSIONS);
   CHECK(ext && strstr(ext, "GL_ARB_fragment_coord_conventions"), "advertised");
   static const char *bad[] = {
      /* not without the extension */
      "layout(origin_upper_left) in vec4 gl_FragCoord;\n"
      "void main() { gl_FragColor = gl_FragCoord; }\n",
      /* before any use */
      EXT "vec4 f() { return gl_FragCoord; }\n"
      "layout(pixel_center_integer) in vec4 gl_FragCoord;\n"
      "void main() { gl_FragColor = f(); }\n",
      /* only these two layout qualifiers, only on gl_FragCoord, as vec4 */
      EXT "layout(origin_lower_left) in vec4 gl_FragCoord;\nvoid main() { }\n",
      EXT "layout(origin_upper_left) uniform vec4 u;\nvoid main() { gl_FragColor = u; }\n",
      EXT "layout(origin_upper_left) in vec3 gl_FragCoord;\nvoid main() { }\n",
      /* two redeclarations must agree */
      EXT "layout(origin_upper_left) in vec4 gl_FragCoord;\n"
      "layout(pixel_center_integer) in vec4 gl_FragCoord;\nvoid main() { }\n",
   };
   for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++)
      api_glDeleteShader(compile(GL_FRAGMENT_SHADER, bad[i], false));
   /* a vertex shader has no gl_FragCoord */
   api_glDeleteShader(compile(GL_VERTEX_SHADER,
                              EXT "layout(origin_upper_left) in vec4 gl_FragCoord;\n"
                              "void main() { gl_Position = vec4(0.0); }\n", false));
   /* agreeing redeclarations, with and without layouts */
   api_glDeleteShader(compile(GL_FRAGMENT_SHADER,
                              EXT "layout(origin_upper_left) in vec4 gl_FragCoord;\n"
                              "layout(origin_upper_left) in vec4 gl_FragCoord;\n"
                              "void main() { gl_FragColor = gl_FragCoord; }\n", true));
   api_glDeleteShader(compile(GL_FRAGMENT_SHADER,
                              EXT "in vec4 gl_FragCoord;\n"
                              "void main() { gl_FragColor = gl_FragCoord; }\n", true));
}

/* Draws the window with the current program and checks pixel (1, 2):
 * gl_FragCoord.xy / 8 as the expected coordinate (fx, fy) says. */
static void
check_pixel(float fx, float fy, const char *what)
{
   api_glClearColor(0, 0, 0, 0);
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glRectf(0, 0, W, H);
   GLubyte px[4] = { 0 };
   api_glReadPixels(1, 2, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   int r = (int)lroundf(fx / 8.0f * 255.0f), g = (int)lroundf(fy / 8.0f * 255.0f);
   CHECK(abs(px[0] - r) <= 1 && abs(px[1] - g) <= 1, "%s: pixel (1, 2) = %u %u, expected %d %d",
         what, px[0], px[1], r, g);
}

static void
draw_glsl(const char *decl, float fx, float fy, const char *what)
{
   char src[512];
   snprintf(src, sizeof src,
            EXT "%s\nvoid main() { gl_FragColor = vec4(gl_FragCoord.xy * 0.125, 0.0, 1.0); }\n",
            decl);
   GLuint fs = compile(GL_FRAGMENT_SHADER, src, true);
   GLuint p = api_glCreateProgram();
   api_glAttachShader(p, fs);
   api_glLinkProgram(p);
   api_glUseProgram(p);
   check_pixel(fx, fy, what);
   api_glUseProgram(0);
   api_glDeleteProgram(p);
   api_glDeleteShader(fs);
}

static void
draw_arbfp(const char *options, float fx, float fy, const char *what)
{
   char src[512];
   snprintf(src, sizeof src,
            "!!ARBfp1.0\n%sMUL result.color, fragment.position, {0.125, 0.125, 0.0, 0.0};\n"
            "MOV result.color.w, 1.0;\nEND\n", options);
   GLuint prog;
   api_glGenProgramsARB(1, &prog);
   api_glBindProgramARB(GL_FRAGMENT_PROGRAM_ARB, prog);
   api_glProgramStringARB(GL_FRAGMENT_PROGRAM_ARB, GL_PROGRAM_FORMAT_ASCII_ARB,
                          (GLsizei)strlen(src), src);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glEnable(GL_FRAGMENT_PROGRAM_ARB);
   check_pixel(fx, fy, what);
   api_glDisable(GL_FRAGMENT_PROGRAM_ARB);
   api_glDeleteProgramsARB(1, &prog);
}

/* Pixel (1, 2) of a framebuffer h pixels high: its centre in GL window
 * coordinates is (1.5, 2.5); the conventions move it. */
static void
test_draws(float h, const char *where)
{
   char what[96];
   snprintf(what, sizeof what, "%s: default", where);
   draw_glsl("", 1.5f, 2.5f, what);
   snprintf(what, sizeof what, "%s: pixel_center_integer", where);
   draw_glsl("layout(pixel_center_integer) in vec4 gl_FragCoord;", 1.0f, 2.0f, what);
   snprintf(what, sizeof what, "%s: origin_upper_left", where);
   draw_glsl("layout(origin_upper_left) in vec4 gl_FragCoord;", 1.5f, h - 2.5f, what);
   snprintf(what, sizeof what, "%s: both", where);
   draw_glsl("layout(origin_upper_left, pixel_center_integer) in vec4 gl_FragCoord;", 1.0f,
             h - 3.0f, what);
   snprintf(what, sizeof what, "%s: ARBfp upper left", where);
   draw_arbfp("OPTION ARB_fragment_coord_origin_upper_left;\n", 1.5f, h - 2.5f, what);
   snprintf(what, sizeof what, "%s: ARBfp integer", where);
   draw_arbfp("OPTION ARB_fragment_coord_pixel_center_integer;\n", 1.0f, 2.0f, what);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

int
main(void)
{
   struct test_env e;
   bool ok = test_env_init(&e, W, H);
   CHECK(ok, "test environment");
   if (ok) {
      test_errors();
      test_draws(H, "window");   /* the window-system buffer (stored y-flipped) */
      /* a framebuffer object 4 pixels high */
      GLuint fbo, rb;
      api_glGenFramebuffers(1, &fbo);
      api_glBindFramebuffer(GL_FRAMEBUFFER, fbo);
      api_glGenRenderbuffers(1, &rb);
      api_glBindRenderbuffer(GL_RENDERBUFFER, rb);
      api_glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, W, 4);
      api_glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
      api_glViewport(0, 0, W, 4);
      test_draws(4, "fbo");
      api_glBindFramebuffer(GL_FRAMEBUFFER, 0);
      api_glDeleteFramebuffers(1, &fbo);
      api_glDeleteRenderbuffers(1, &rb);
   }
   test_env_fini(&e);
   return st_test_finish("st_test_fragcoord");
}
