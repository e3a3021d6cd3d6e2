/*
 * GL_ARB_explicit_attrib_location on refpipe (glsl_sema.c, glsl_link.c):
 * the compile rules of layout(location = N) in GLSL 1.10 / 1.20 (vertex
 * 'in' only, an integer literal, layout first, never on 'attribute', not
 * without the #extension), the 'in' / 'out' storage it brings to 1.10,
 * the linker's assignment (explicit locations win over glBindAttribLocation,
 * aliasing allowed, locations beyond GL_MAX_VERTEX_ATTRIBS and
 * disagreeing vertex shaders are link errors), and a draw whose colour
 * comes from the explicitly placed attribute; fragment shader outputs with
 * layout(location) (the draw buffer each writes), drawn into two buffers.
 */
#include <string.h>

#include "st_dispatch.h"
#include "st_test_fb.h"

#define W 8
#define H 8

static GLuint
shader(GLenum type, const char *src, bool expect_ok)
{
   GLuint s = api_glCreateShader(type);
   api_glShaderSource(s, 1, &src, NULL);
   api_glCompileShader(s);
   GLint ok = -1;
   api_glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
   CHECK(ok == (expect_ok ? GL_TRUE : GL_FALSE), "compile status %d for:\n%s", ok, src);
   return s;
}

/* Links vs (and vs2 if non-zero) with a trivial fragment shader. */
static GLuint
link(GLuint vs, GLuint vs2, bool expect_ok)
{
   GLuint fs = shader(GL_FRAGMENT_SHADER, "void main() { gl_FragColor = gl_Color; }\n", true);
   GLuint p = api_glCreateProgram();
   api_glAttachShader(p, vs);
   if (vs2)
      api_glAttachShader(p, vs2);
   api_glAttachShader(p, fs);
   api_glBindAttribLocation(p, 5, "a");   /* the explicit location wins */
   api_glLinkProgram(p);
   GLint ok = -1;
   api_glGetProgramiv(p, GL_LINK_STATUS, &ok);
   CHECK(ok == (expect_ok ? GL_TRUE : GL_FALSE), "link status %d", ok);
   api_glDeleteShader(fs);
   return p;
}

#define EXT "#extension GL_ARB_explicit_attrib_location : require\n"

static void
test_compile(void)
{
   const char *ext = (const char *)api_glGetString(GL_EXTENSIONS);
   CHECK(ext && strstr(ext, "GL_ARB_explicit_attrib_location"), "advertised");
   static const struct { const char *src; bool ok; } cases[] = {
      { "#version 110\n" EXT "layout(location = 3) in vec4 a;\n"
        "void main() { gl_Position = a; }\n", true },
      { "#version 120\n" EXT "layout(location = 0) in vec4 a;\nout vec4 c;\n"
        "void main() { gl_Position = a; c = a; }\n", true },
      /* without the extension: no layout, no global 'in' */
      { "#version 110\nlayout(location = 3) in vec4 a;\nvoid main() { gl_Position = a; }\n",
        false },
      { "#version 120\nin vec4 a;\nvoid main() { gl_Position = a; }\n", false },
      /* 'attribute' takes no location */
      { "#version 110\n" EXT "layout(location = 0) attribute vec4 a;\n"
        "void main() { gl_Position = a; }\n", false },
      /* an integer literal */
      { "#version 110\n" EXT "layout(location = 1 - 1) in vec4 a;\n"
        "void main() { gl_Position = a; }\n", false },
      { "#version 110\n" EXT "layout(location = 0.0) in vec4 a;\n"
        "void main() { gl_Position = a; }\n", false },
      { "#version 110\n" EXT "layout(location = -1) in vec4 a;\n"
        "void main() { gl_Position = a; }\n", false },
      /* layout first; only 'location' */
      { "#version 110\n" EXT "in layout(location = 0) vec4 a;\n"
        "void main() { gl_Position = a; }\n", false },
      { "#version 110\n" EXT "layout(position = 0) in vec4 a;\n"
        "void main() { gl_Position = a; }\n", false },
      /* vertex inputs only, and no arrays of them */
      { "#version 110\n" EXT "layout(location = 0) uniform vec4 a;\n"
        "void main() { gl_Position = a; }\n", false },
      { "#version 120\n" EXT "in vec4 a[2];\nvoid main() { gl_Position = a[0]; }\n", false },
      /* centroid before the storage qualifier (before GLSL 4.20) */
      { "#version 120\n" EXT "in vec4 a;\nout centroid vec4 c;\n"
        "void main() { gl_Position = a; c = a; }\n", false },
   };
   for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++)
      api_glDeleteShader(shader(GL_VERTEX_SHADER, cases[i].src, cases[i].ok));
   api_glDeleteShader(shader(GL_FRAGMENT_SHADER,
                             "#version 110\n" EXT "layout(location = 0) in vec4 c;\n"
                             "void main() { gl_FragColor = c; }\n", false));
   api_glDeleteShader(shader(GL_FRAGMENT_SHADER,
                             "#version 110\n" EXT "in vec4 c;\n"
                             "void main() { gl_FragColor = c; }\n", true));
}

static void
test_link(void)
{
   GLuint vs = shader(GL_VERTEX_SHADER,
                      "#version 110\n" EXT "layout(location = 3) in vec4 a;\n"
                      "attribute vec4 b;\n"
                      "layout(location = 0) in vec4 pos;\n"
                      "void main() { gl_Position = pos + a * 0.0; gl_FrontColor = a + b; }\n",
                      true);
   GLuint p = link(vs, 0, true);
   CHECK_EQ_INT(api_glGetAttribLocation(p, "a"), 3);
   CHECK_EQ_INT(api_glGetAttribLocation(p, "pos"), 0);
   GLint b = api_glGetAttribLocation(p, "b");
   CHECK(b >= 1 && b != 3, "b at a free location: %d", b);

   /* draw: colour from generic attribute 3 */
   api_glUseProgram(p);
   static const float quad[4][4] = { { -1, -1, 0, 1 }, { 1, -1, 0, 1 }, { 1, 1, 0, 1 },
                                     { -1, 1, 0, 1 } };
   api_glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, quad);
   api_glEnableVertexAttribArray(0);
   api_glVertexAttrib4f(3, 0.0f, 1.0f, 0.0f, 1.0f);
   api_glVertexAttrib4f((GLuint)b, 0.0f, 0.0f, 1.0f, 0.0f);
   api_glClearColor(0, 0, 0, 0);
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glDrawArrays(GL_TRIANGLE_FAN, 0, 4);
   GLubyte px[4] = { 0 };
   api_glReadPixels(4, 4, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   CHECK(px[0] == 0 && px[1] == 255 && px[2] == 255 && px[3] == 255,
         "pixel %d %d %d %d, expected 0 255 255 255", px[0], px[1], px[2], px[3]);
   api_glDisableVertexAttribArray(0);
   api_glUseProgram(0);
   api_glDeleteProgram(p);
   api_glDeleteShader(vs);
   CHECK_GL_ERROR(GL_NO_ERROR);

   /* aliasing: two inputs at one location link */
   vs = shader(GL_VERTEX_SHADER,
               "#version 110\n" EXT "layout(location = 0) in vec4 p0;\n"
               "layout(location = 0) in vec4 p1;\nuniform int x;\n"
               "void main() { gl_Position = x == 0 ? p0 : p1; }\n", true);
   p = link(vs, 0, true);
   CHECK_EQ_INT(api_glGetAttribLocation(p, "p0"), 0);
   CHECK_EQ_INT(api_glGetAttribLocation(p, "p1"), 0);
   api_glDeleteProgram(p);
   api_glDeleteShader(vs);

   /* beyond GL_MAX_VERTEX_ATTRIBS (a matrix's columns too): link errors */
   vs = shader(GL_VERTEX_SHADER,
               "#version 110\n" EXT "layout(location = 2147483647) in vec4 a;\n"
               "void main() { gl_Position = a; }\n", true);
   api_glDeleteProgram(link(vs, 0, false));
   api_glDeleteShader(vs);
   vs = shader(GL_VERTEX_SHADER,
               "#version 110\n" EXT "layout(location = 14) in mat4 m;\n"
               "void main() { gl_Position = m[0]; }\n", true);
   api_glDeleteProgram(link(vs, 0, false));
   api_glDeleteShader(vs);

   /* two vertex shaders giving one input different locations */
   GLuint v1 = shader(GL_VERTEX_SHADER,
                      "#version 110\n" EXT "layout(location = 1) in vec4 a;\n"
                      "vec4 f() { return a; }\n", true);
   GLuint v2 = shader(GL_VERTEX_SHADER,
                      "#version 110\n" EXT "layout(location = 2) in vec4 a;\n"
                      "vec4 f();\nvoid main() { gl_Position = f() + a; }\n", true);
   api_glDeleteProgram(link(v1, v2, false));
   api_glDeleteShader(v1);
   api_glDeleteShader(v2);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* Fragment outputs: 'out' with layout(location = N) writes draw buffer N. */
static void
test_fragment_outputs(void)
{
   static const char *bad[] = {
      /* with gl_FragColor */
      "#version 110\n" EXT "layout(location = 1) out vec4 c;\n"
      "void main() { c = vec4(1.0); gl_FragColor = vec4(0.0); }\n",
      /* not without the extension */
      "#version 110\nout vec4 c;\nvoid main() { c = vec4(1.0); }\n",
      /* fragment inputs take no location */
      "#version 110\n" EXT "layout(location = 0) in vec4 v;\n"
      "layout(location = 0) out vec4 c;\nvoid main() { c = v; }\n",
   };
   for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++)
      api_glDeleteShader(shader(GL_FRAGMENT_SHADER, bad[i], false));

   GLuint vs = shader(GL_VERTEX_SHADER,
                      "#version 110\n" EXT "layout(location = 0) in vec4 pos;\n"
                      "void main() { gl_Position = pos; }\n", true);
   GLuint fs = shader(GL_FRAGMENT_SHADER,
                      "#version 110\n" EXT "layout(location = 1) out vec4 second;\n"
                      "layout(location = 0) out vec4 first;\n"
                      "void main() {\n"
                      "   if (gl_FragCoord.x > 4.0) discard;\n"
                      "   first = vec4(0.0, 1.0, 0.0, 1.0);\n"
                      "   second = vec4(1.0, 0.0, 1.0, 1.0);\n"
                      "}\n", true);
   GLuint p = api_glCreateProgram();
   api_glAttachShader(p, vs);
   api_glAttachShader(p, fs);
   api_glLinkProgram(p);
   GLint ok = -1;
   api_glGetProgramiv(p, GL_LINK_STATUS, &ok);
   CHECK(ok == GL_TRUE, "MRT program link %d", ok);

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
   const GLenum bufs[2] = { GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1 };
   api_glDrawBuffers(2, bufs);
   api_glClearColor(0, 0, 0, 0);
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glUseProgram(p);
   static const float quad[4][4] = { { -1, -1, 0, 1 }, { 1, -1, 0, 1 }, { 1, 1, 0, 1 },
                                     { -1, 1, 0, 1 } };
   api_glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, quad);
   api_glEnableVertexAttribArray(0);
   api_glDrawArrays(GL_TRIANGLE_FAN, 0, 4);
   CHECK_GL_ERROR(GL_NO_ERROR);
   static const GLubyte want[2][4] = { { 0, 255, 0, 255 }, { 255, 0, 255, 255 } };
   for (unsigned i = 0; i < 2; i++) {
      GLubyte in[4] = { 7, 7, 7, 7 }, out[4] = { 7, 7, 7, 7 };
      api_glReadBuffer(GL_COLOR_ATTACHMENT0 + i);
      api_glReadPixels(1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, in);
      api_glReadPixels(6, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, out);   /* discarded */
      CHECK(!memcmp(in, want[i], 4), "buffer %u: %u %u %u %u", i, in[0], in[1], in[2], in[3]);
      CHECK(!out[0] && !out[1] && !out[2] && !out[3], "buffer %u discarded: %u %u %u %u", i,
            out[0], out[1], out[2], out[3]);
   }
   api_glDisableVertexAttribArray(0);
   api_glUseProgram(0);
   api_glBindFramebuffer(GL_FRAMEBUFFER, 0);
   api_glDeleteFramebuffers(1, &fbo);
   api_glDeleteRenderbuffers(2, rb);
   api_glDeleteProgram(p);
   api_glDeleteShader(vs);
   api_glDeleteShader(fs);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* GLSL 1.50 vertex input arrays: glGetAttribLocation of "a[k]" is element
 * k's first location (a mat2 element takes 2), glGetActiveAttrib gives
 * the element type and the length. */
static void
test_input_arrays(void)
{
   struct test_env e;
   if (!test_env_init_on(&e, "refpipe", "3.2", W, H)) {
      CHECK(0, "no GL 3.2 context");
      test_env_fini(&e);
      return;
   }
   GLuint p = test_linked_program("#version 150\n"
                                  "in float a[3];\n"
                                  "in mat2 d[2];\n"
                                  "out float v;\n"
                                  "void main() { gl_Position = vec4(a[0] + a[1] + a[2]);\n"
                                  "   v = d[0][0].x + d[1][1].y; }\n",
                                  NULL, "#version 150\nin float v;\nout vec4 o;\n"
                                  "void main() { o = vec4(v); }\n");
   GLint a = api_glGetAttribLocation(p, "a"), d = api_glGetAttribLocation(p, "d");
   CHECK(a >= 0 && d >= 0, "locations %d %d", a, d);
   CHECK_EQ_INT(api_glGetAttribLocation(p, "a[0]"), a);
   CHECK_EQ_INT(api_glGetAttribLocation(p, "a[2]"), a + 2);
   CHECK_EQ_INT(api_glGetAttribLocation(p, "d[1]"), d + 2);
   CHECK_EQ_INT(api_glGetAttribLocation(p, "a[3]"), -1);
   CHECK_EQ_INT(api_glGetAttribLocation(p, "a[01]"), -1);
   CHECK_EQ_INT(api_glGetAttribLocation(p, "a[1"), -1);
   GLint n = test_program_iv(p, GL_ACTIVE_ATTRIBUTES);
   bool saw_a = false, saw_d = false;
   for (GLint i = 0; i < n; i++) {
      char name[32] = "";
      GLint size = 0;
      GLenum type = 0;
      api_glGetActiveAttrib(p, (GLuint)i, sizeof name, NULL, &size, &type, name);
      if (!strcmp(name, "a")) {
         saw_a = true;
         CHECK(size == 3 && type == GL_FLOAT, "a: size %d type 0x%x", size, type);
      } else if (!strcmp(name, "d")) {
         saw_d = true;
         CHECK(size == 2 && type == GL_FLOAT_MAT2, "d: size %d type 0x%x", size, type);
      }
   }
   CHECK(saw_a && saw_d, "active attributes listed");
   api_glDeleteProgram(p);
   CHECK_GL_ERROR(GL_NO_ERROR);
   test_env_fini(&e);
}

int
main(void)
{
   struct test_env e;
   bool ok = test_env_init(&e, W, H);
   CHECK(ok, "test environment");
   if (ok) {
      test_compile();
      test_link();
      test_fragment_outputs();
   }
   test_env_fini(&e);
   test_input_arrays();
   return st_test_finish("st_test_attrib_location");
}
