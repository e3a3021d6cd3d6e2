/*
 * Multisample textures read by shaders, and the texture queries, on
 * refpipe and jitpipe (GL 3.3 context; the shaders are GLSL 1.30 with
 * GL_ARB_texture_multisample, GL_ARB_shader_texture_image_samples,
 * GL_ARB_texture_query_levels and GL_ARB_texture_query_lod):
 *  - a 2-sample 2D texture and a 2-sample 2D array texture whose samples
 *    hold different colours (each drawn with GL_SAMPLE_MASK letting one
 *    sample through; an array's other layer cleared): texelFetch of each
 *    sample and layer in a fragment shader, an out-of-range sample reads 0;
 *  - textureSize and textureSamples of both, as pixel values, from a
 *    fragment shader and from a vertex shader;
 *  - textureQueryLevels of a mipmapped texture with base / max level;
 *  - textureQueryLOD of a 64x64 texture drawn on 16x16 pixels (lambda 2),
 *    with and without a mipmap filter and with a LOD bias;
 *  - the words and functions are refused without their extensions.
 * Expected values come from the colours, sizes and geometry chosen here.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "api/api.h"
#include "st_test_fb.h"

#define W 16
#define H 16

static const char vs_plain[] =
   "#version 130\n"
   "void main() { gl_Position = ftransform(); gl_TexCoord[0] = gl_MultiTexCoord0; }\n";

static GLuint
compile(GLenum type, const char *src, bool *ok, char *log, size_t log_size)
{
   GLuint s = api_glCreateShader(type);
   api_glShaderSource(s, 1, &src, NULL);
   api_glCompileShader(s);
   GLint st = 0;
   api_glGetShaderiv(s, GL_COMPILE_STATUS, &st);
   *ok = st == GL_TRUE;
   if (log)
      api_glGetShaderInfoLog(s, (GLsizei)log_size, NULL, log);
   return s;
}

/* vs (NULL: vs_plain) and fs linked and in use */
static GLuint
use_program(const char *vs, const char *fs)
{
   GLuint p = api_glCreateProgram();
   const char *src[2] = { vs ? vs : vs_plain, fs };
   const GLenum type[2] = { GL_VERTEX_SHADER, GL_FRAGMENT_SHADER };
   for (unsigned i = 0; i < 2; i++) {
      char log[2048] = "";
      bool ok;
      GLuint s = compile(type[i], src[i], &ok, log, sizeof log);
      CHECK(ok, "shader %u does not compile:\n%s\n%s", i, log, src[i]);
      api_glAttachShader(p, s);
      api_glDeleteShader(s);
   }
   api_glLinkProgram(p);
   GLint linked = 0;
   api_glGetProgramiv(p, GL_LINK_STATUS, &linked);
   CHECK(linked == GL_TRUE, "link failed");
   api_glUseProgram(p);
   return p;
}

/* a w x h quad at the origin, texture coordinates 0..1 */
static void
quad(float w, float h)
{
   test_tex_quad(w, h, 0, 0, 1, 1);
}

/* RGBA pixel (x, y) within tol of want */
static void
check_px(const char *what, int x, int y, const int want[4], int tol)
{
   GLubyte p[4];
   test_read_px(x, y, p);
   CHECK(abs(p[0] - want[0]) <= tol && abs(p[1] - want[1]) <= tol && abs(p[2] - want[2]) <= tol &&
            abs(p[3] - want[3]) <= tol,
         "%s: pixel (%d,%d) = %u,%u,%u,%u, expected %d,%d,%d,%d", what, x, y, p[0], p[1], p[2],
         p[3], want[0], want[1], want[2], want[3]);
}

/* the colours of sample 0 and sample 1, and of the cleared layer */
static const int sample_rgba[2][4] = { { 200, 40, 0, 255 }, { 10, 220, 90, 255 } };
static const int cleared_rgba[4] = { 51, 102, 153, 204 };

/* Draws sample s's colour into every texel of the bound framebuffer (w x h)
 * through GL_SAMPLE_MASK = 1 << s. */
static void
fill_samples(int w, int h)
{
   api_glViewport(0, 0, w, h);
   api_glEnable(GL_SAMPLE_MASK);
   for (unsigned s = 0; s < 2; s++) {
      api_glSampleMaski(0, 1u << s);
      api_glColor4f(sample_rgba[s][0] / 255.0f, sample_rgba[s][1] / 255.0f,
                    sample_rgba[s][2] / 255.0f, sample_rgba[s][3] / 255.0f);
      quad(W, H);   /* the projection maps the window: covers the viewport */
   }
   api_glDisable(GL_SAMPLE_MASK);
   api_glSampleMaski(0, ~0u);
   api_glViewport(0, 0, W, H);
}

static void
test_fetch_and_size(const char *drv)
{
   char what[128];
   GLuint tex[2], fbo;
   api_glGenTextures(2, tex);
   api_glGenFramebuffers(1, &fbo);

   /* 2D: 12 x 6, 2 samples */
   api_glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, tex[0]);
   api_glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 2, GL_RGBA8, 12, 6, GL_TRUE);
   api_glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   api_glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D_MULTISAMPLE,
                              tex[0], 0);
   CHECK_EQ_INT(api_glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
   fill_samples(12, 6);

   /* 2D array: 8 x 4 x 3 layers, 2 samples; layer 1 drawn, layer 2 cleared */
   api_glBindTexture(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, tex[1]);
   api_glTexImage3DMultisample(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, 2, GL_RGBA8, 8, 4, 3, GL_TRUE);
   api_glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex[1], 0, 1);
   CHECK_EQ_INT(api_glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
   fill_samples(8, 4);
   api_glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex[1], 0, 2);
   api_glViewport(0, 0, 8, 4);
   api_glClearColor(cleared_rgba[0] / 255.0f, cleared_rgba[1] / 255.0f, cleared_rgba[2] / 255.0f,
                    cleared_rgba[3] / 255.0f);
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glViewport(0, 0, W, H);
   api_glBindFramebuffer(GL_FRAMEBUFFER, 0);
   CHECK_GL_ERROR(GL_NO_ERROR);

   /* texelFetch of each sample of the 2D texture (unit 0) */
   api_glActiveTexture(GL_TEXTURE0);
   api_glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, tex[0]);
   api_glActiveTexture(GL_TEXTURE1);
   api_glBindTexture(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, tex[1]);
   api_glActiveTexture(GL_TEXTURE0);
   GLuint p = use_program(NULL, "#version 130\n"
                                "#extension GL_ARB_texture_multisample : require\n"
                                "uniform sampler2DMS tex;\n"
                                "uniform int s;\n"
                                "void main() {\n"
                                "   gl_FragColor = texelFetch(tex, ivec2(gl_FragCoord.xy), s);\n"
                                "}\n");
   api_glUniform1i(api_glGetUniformLocation(p, "tex"), 0);
   GLint sloc = api_glGetUniformLocation(p, "s");
   static const int zero[4] = { 0, 0, 0, 0 };
   for (int s = 0; s < 3; s++) {
      api_glClearColor(0.5f, 0.5f, 0.5f, 0.5f);
      api_glClear(GL_COLOR_BUFFER_BIT);
      api_glUniform1i(sloc, s);
      quad(12, 6);
      snprintf(what, sizeof what, "%s 2D sample %d", drv, s);
      /* sample 2 of a 2-sample texture: outside, (0, 0, 0, 0) */
      check_px(what, 0, 0, s < 2 ? sample_rgba[s] : zero, 1);
      check_px(what, 11, 5, s < 2 ? sample_rgba[s] : zero, 1);
   }
   api_glDeleteProgram(p);

   /* texelFetch of the array (unit 1): layer from the uniform */
   p = use_program(NULL, "#version 130\n"
                         "#extension GL_ARB_texture_multisample : require\n"
                         "uniform sampler2DMSArray tex;\n"
                         "uniform int s, layer;\n"
                         "void main() {\n"
                         "   gl_FragColor = texelFetch(tex, ivec3(ivec2(gl_FragCoord.xy), layer), s);\n"
                         "}\n");
   api_glUniform1i(api_glGetUniformLocation(p, "tex"), 1);
   sloc = api_glGetUniformLocation(p, "s");
   GLint lloc = api_glGetUniformLocation(p, "layer");
   for (int layer = 1; layer < 3; layer++) {
      for (int s = 0; s < 2; s++) {
         api_glClear(GL_COLOR_BUFFER_BIT);
         api_glUniform1i(sloc, s);
         api_glUniform1i(lloc, layer);
         quad(8, 4);
         snprintf(what, sizeof what, "%s 2D array layer %d sample %d", drv, layer, s);
         check_px(what, 7, 3, layer == 1 ? sample_rgba[s] : cleared_rgba, 1);
      }
   }
   api_glDeleteProgram(p);

   /* textureSize and textureSamples in the fragment shader: (12, 6, 2) and
    * (8, 4, 3 layers, 2) */
   p = use_program(NULL, "#version 130\n"
                         "#extension GL_ARB_texture_multisample : require\n"
                         "#extension GL_ARB_shader_texture_image_samples : require\n"
                         "uniform sampler2DMS t2;\n"
                         "uniform sampler2DMSArray ta;\n"
                         "uniform bool array;\n"
                         "void main() {\n"
                         "   vec4 v = array ? vec4(textureSize(ta), textureSamples(ta))\n"
                         "                  : vec4(textureSize(t2), textureSamples(t2), 1.0);\n"
                         "   gl_FragColor = v / 255.0;\n"
                         "}\n");
   api_glUniform1i(api_glGetUniformLocation(p, "t2"), 0);
   api_glUniform1i(api_glGetUniformLocation(p, "ta"), 1);
   static const int size2d[4] = { 12, 6, 2, 1 }, size_array[4] = { 8, 4, 3, 2 };
   for (int a = 0; a < 2; a++) {
      api_glUniform1i(api_glGetUniformLocation(p, "array"), a);
      api_glClear(GL_COLOR_BUFFER_BIT);
      quad(4, 4);
      snprintf(what, sizeof what, "%s fs textureSize/Samples %s", drv, a ? "array" : "2D");
      check_px(what, 1, 1, a ? size_array : size2d, 0);
   }
   api_glDeleteProgram(p);

   /* the same from a vertex shader */
   p = use_program("#version 130\n"
                   "#extension GL_ARB_texture_multisample : require\n"
                   "#extension GL_ARB_shader_texture_image_samples : require\n"
                   "uniform sampler2DMS t2;\n"
                   "uniform sampler2DMSArray ta;\n"
                   "flat out vec4 c;\n"
                   "void main() {\n"
                   "   gl_Position = ftransform();\n"
                   "   c = vec4(textureSize(t2), textureSamples(t2), textureSize(ta).z) / 255.0;\n"
                   "}\n",
                   "#version 130\n"
                   "flat in vec4 c;\n"
                   "void main() { gl_FragColor = c; }\n");
   api_glUniform1i(api_glGetUniformLocation(p, "t2"), 0);
   api_glUniform1i(api_glGetUniformLocation(p, "ta"), 1);
   api_glClear(GL_COLOR_BUFFER_BIT);
   quad(4, 4);
   static const int vs_want[4] = { 12, 6, 2, 3 };
   snprintf(what, sizeof what, "%s vs textureSize/Samples", drv);
   check_px(what, 2, 2, vs_want, 0);
   api_glDeleteProgram(p);
   api_glUseProgram(0);

   api_glDeleteFramebuffers(1, &fbo);
   api_glDeleteTextures(2, tex);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* A size x size RGBA8 2D texture on unit 0 with every mipmap level. */
static GLuint
mipmapped_texture(int size)
{
   GLuint t;
   api_glGenTextures(1, &t);
   api_glActiveTexture(GL_TEXTURE0);
   api_glBindTexture(GL_TEXTURE_2D, t);
   static GLubyte texels[64 * 64 * 4];
   memset(texels, 0x80, sizeof texels);
   for (int l = 0, s = size; s >= 1; l++, s /= 2)
      api_glTexImage2D(GL_TEXTURE_2D, l, GL_RGBA8, s, s, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
   return t;
}

static void
test_query_levels(const char *drv)
{
   char what[128];
   GLuint t = mipmapped_texture(16);   /* levels 0..4 */
   GLuint p = use_program("#version 130\n"
                          "#extension GL_ARB_texture_query_levels : require\n"
                          "uniform sampler2D tex;\n"
                          "flat out float n;\n"
                          "void main() {\n"
                          "   gl_Position = ftransform();\n"
                          "   n = float(textureQueryLevels(tex));\n"
                          "}\n",
                          "#version 130\n"
                          "#extension GL_ARB_texture_query_levels : require\n"
                          "uniform sampler2D tex;\n"
                          "flat in float n;\n"
                          "void main() {\n"
                          "   gl_FragColor = vec4(float(textureQueryLevels(tex)), n, 0.0, 1.0) / 255.0;\n"
                          "}\n");
   api_glUniform1i(api_glGetUniformLocation(p, "tex"), 0);
   /* levels base..min(max_level, base + log2(16 >> base)): base 0 -> 5,
    * base 1 max 3 -> 3, base 2 -> 3 (2, 3, 4) */
   static const struct { int base, max, want; } cases[] = {
      { 0, 1000, 5 }, { 1, 3, 3 }, { 2, 1000, 3 }, { 4, 1000, 1 },
   };
   api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
   for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
      api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, cases[i].base);
      api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, cases[i].max);
      api_glClear(GL_COLOR_BUFFER_BIT);
      quad(4, 4);
      const int want[4] = { cases[i].want, cases[i].want, 0, 1 };
      snprintf(what, sizeof what, "%s textureQueryLevels base %d max %d", drv, cases[i].base,
               cases[i].max);
      check_px(what, 1, 1, want, 0);
   }
   api_glUseProgram(0);
   api_glDeleteProgram(p);
   api_glDeleteTextures(1, &t);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

static void
test_query_lod(const char *drv)
{
   char what[128];
   GLuint t = mipmapped_texture(64);   /* 64 texels on 16 pixels: lambda 2 */
   GLuint p = use_program(NULL, "#version 130\n"
                                "#extension GL_ARB_texture_query_lod : require\n"
                                "uniform sampler2D tex;\n"
                                "void main() {\n"
                                "   vec2 q = textureQueryLOD(tex, gl_TexCoord[0].st);\n"
                                "   gl_FragColor = vec4(q * 32.0, 0.0, 255.0) / 255.0;\n"
                                "}\n");
   api_glUniform1i(api_glGetUniformLocation(p, "tex"), 0);
   /* (level the filter accesses, lambda) * 32 */
   static const struct { GLenum min; float bias; int level, lambda; } cases[] = {
      { GL_LINEAR_MIPMAP_LINEAR, 0.0f, 64, 64 },
      { GL_LINEAR_MIPMAP_LINEAR, 0.5f, 80, 80 },     /* 2.5 */
      { GL_NEAREST_MIPMAP_NEAREST, 0.75f, 96, 88 },  /* 2.75: level 3 */
      { GL_LINEAR, 0.0f, 0, 64 },                    /* no mipmaps: the base level */
   };
   for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
      api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, (GLint)cases[i].min);
      api_glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_LOD_BIAS, cases[i].bias);
      api_glClear(GL_COLOR_BUFFER_BIT);
      quad(16, 16);
      const int want[4] = { cases[i].level, cases[i].lambda, 0, 255 };
      snprintf(what, sizeof what, "%s textureQueryLOD case %u", drv, i);
      check_px(what, 5, 9, want, 1);
   }
   api_glUseProgram(0);
   api_glDeleteProgram(p);
   api_glDeleteTextures(1, &t);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* without the #extension lines: compile errors */
static void
test_refused(void)
{
   static const struct { GLenum type; const char *src; } bad[] = {
      { GL_FRAGMENT_SHADER, "#version 130\nuniform sampler2DMS t;\nvoid main() {}\n" },
      { GL_FRAGMENT_SHADER, "#version 140\nuniform usampler2DMSArray t;\nvoid main() {}\n" },
      { GL_FRAGMENT_SHADER,
        "#version 130\nuniform sampler2D t;\n"
        "void main() { gl_FragColor = vec4(textureQueryLevels(t)); }\n" },
      { GL_FRAGMENT_SHADER,
        "#version 130\nuniform sampler2D t;\n"
        "void main() { gl_FragColor = vec4(textureQueryLOD(t, vec2(0.0)), 0.0, 0.0); }\n" },
      /* textureQueryLOD: fragment shaders only */
      { GL_VERTEX_SHADER,
        "#version 130\n#extension GL_ARB_texture_query_lod : require\nuniform sampler2D t;\n"
        "void main() { gl_Position = vec4(textureQueryLOD(t, vec2(0.0)), 0.0, 1.0); }\n" },
      { GL_FRAGMENT_SHADER,
        "#version 150\nuniform sampler2DMS t;\n"
        "out vec4 c;\nvoid main() { c = vec4(textureSamples(t)); }\n" },
   };
   for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
      bool ok;
      GLuint s = compile(bad[i].type, bad[i].src, &ok, NULL, 0);
      CHECK(!ok, "shader %u compiled:\n%s", i, bad[i].src);
      api_glDeleteShader(s);
   }
   /* 1.50: the multisample samplers are core */
   bool ok;
   GLuint s = compile(GL_FRAGMENT_SHADER,
                      "#version 150\nuniform isampler2DMSArray t;\nout vec4 c;\n"
                      "void main() { c = vec4(textureSize(t), texelFetch(t, ivec3(0), 1).x); }\n",
                      &ok, NULL, 0);
   CHECK(ok, "1.50 multisample sampler refused");
   api_glDeleteShader(s);
}

static void
run(struct test_env *e, const char *driver, bool first)
{
   (void)e;
   if (first) {
      CHECK(test_has_extension("GL_ARB_texture_multisample"), "GL_ARB_texture_multisample");
      CHECK(test_has_extension("GL_ARB_shader_texture_image_samples"),
            "GL_ARB_shader_texture_image_samples");
      CHECK(test_has_extension("GL_ARB_texture_query_levels"), "GL_ARB_texture_query_levels");
      CHECK(test_has_extension("GL_ARB_texture_query_lod"), "GL_ARB_texture_query_lod");
      test_refused();
   }
   test_fetch_and_size(driver);
   test_query_levels(driver);
   test_query_lod(driver);
}

int
main(void)
{
   test_on_each_driver("st_test_texms_glsl", "3.3", W, H, run);
   return st_test_finish("st_test_texms_glsl");
}
