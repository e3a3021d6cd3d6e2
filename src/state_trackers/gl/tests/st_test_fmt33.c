/*
 * GL 3.3-level texture formats on refpipe and jitpipe (GL 3.3 override):
 * GL_ARB_texture_rgb10_a2ui (GL_RGB10_A2UI textures from packed integer
 * data, read back and fetched by a usampler2D; renderbuffers cleared and
 * read back), texture views (a GL_RGB10_A2UI view of GL_RGBA8UI storage;
 * GL_R16UI data read through a GL_R16F view keeps its bits, NaN patterns
 * included), GL_STENCIL_INDEX8 textures from GL_UNSIGNED_INT / GL_INT
 * stencil data (indices, not normalized) read by a usampler2D.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "st_test_fb.h"

#define W 4
#define H 4

static const char *vs130 =
   "#version 130\nin vec2 pos;\nvoid main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
/* texel (x, y) of a usampler2D, as out = texel / scale */
static const char *fs_uint =
   "#version 130\nuniform usampler2D t;\nuniform vec4 scale;\n"
   "void main() { gl_FragColor = vec4(texelFetch(t, ivec2(gl_FragCoord.xy), 0)) / scale; }\n";

/* a lookup outside the texture: its border colour / scale */
static const char *fs_uint_border =
   "#version 130\nuniform usampler2D t;\nuniform vec4 scale;\n"
   "void main() { gl_FragColor = vec4(texture(t, vec2(-0.5, -0.5))) / scale; }\n";

/* the whole window, cleared to mid grey first, drawn by program p */
static void
draw(GLuint p)
{
   api_glViewport(0, 0, W, H);
   api_glClearColor(0.5f, 0.5f, 0.5f, 0.5f);
   api_glClear(GL_COLOR_BUFFER_BIT);
   test_draw_viewport_quad(p);
}

#define CHECK_PX(x, y, r, g, b, a)                                                       \
   do {                                                                                 \
      GLubyte q_[4];                                                                    \
      test_read_px((x), (y), q_);                                                       \
      CHECK(q_[0] == (r) && q_[1] == (g) && q_[2] == (b) && q_[3] == (a),               \
            "%s: pixel (%d,%d) = %u,%u,%u,%u, expected %d,%d,%d,%d", driver, (x), (y),   \
            q_[0], q_[1], q_[2], q_[3], (r), (g), (b), (a));                            \
   } while (0)

static GLuint
nearest_texture(GLenum target)
{
   GLuint t;
   api_glGenTextures(1, &t);
   api_glBindTexture(target, t);
   api_glTexParameteri(target, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   api_glTexParameteri(target, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   return t;
}

static void
test_rgb10_a2ui(const char *driver, GLuint prog)
{
   CHECK(strstr((const char *)api_glGetString(GL_EXTENSIONS), "GL_ARB_texture_rgb10_a2ui") !=
            NULL,
         "%s: GL_ARB_texture_rgb10_a2ui offered", driver);
   /* (R, G, B, A) = (1023, 510, 3, 2): 1023 | 510 << 10 | 3 << 20 | 2 << 30 */
   const GLuint texel = 1023u | 510u << 10 | 3u << 20 | 2u << 30;
   GLuint data[W * H];
   for (unsigned i = 0; i < W * H; i++)
      data[i] = texel;
   data[1] = 0;   /* texel (1, 0): all 0 */
   GLuint t = nearest_texture(GL_TEXTURE_2D);
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB10_A2UI, W, H, 0, GL_RGBA_INTEGER,
                    GL_UNSIGNED_INT_2_10_10_10_REV, data);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT(test_level_param(GL_TEXTURE_2D, 0, GL_TEXTURE_INTERNAL_FORMAT), GL_RGB10_A2UI);
   CHECK_EQ_INT(test_level_param(GL_TEXTURE_2D, 0, GL_TEXTURE_RED_SIZE), 10);
   CHECK_EQ_INT(test_level_param(GL_TEXTURE_2D, 0, GL_TEXTURE_ALPHA_SIZE), 2);
   CHECK_EQ_INT(test_level_param(GL_TEXTURE_2D, 0, GL_TEXTURE_RED_TYPE), GL_UNSIGNED_INT);
   /* read back as unsigned integers */
   GLuint back[W * H * 4];
   memset(back, 0xee, sizeof back);
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA_INTEGER, GL_UNSIGNED_INT, back);
   CHECK(back[0] == 1023 && back[1] == 510 && back[2] == 3 && back[3] == 2,
         "%s: rgb10_a2ui texel 0 = %u %u %u %u", driver, back[0], back[1], back[2], back[3]);
   CHECK(back[4] == 0 && back[7] == 0, "%s: rgb10_a2ui texel 1 = %u .. %u", driver, back[4],
         back[7]);
   /* a float format's data is refused (integer textures take integer data) */
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB10_A2UI, W, H, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   /* fetched: R 1023 / 1023.0 -> 255, G 510 / 1020.0 -> 128 (0.5),
    * B 3 / 3.0 -> 255, A 2 / 2.0 -> 255 */
   api_glUseProgram(prog);
   api_glUniform4f(api_glGetUniformLocation(prog, "scale"), 1023.0f, 1020.0f, 3.0f, 2.0f);
   draw(prog);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_PX(0, 0, 255, 128, 255, 255);
   CHECK_PX(1, 0, 0, 0, 0, 0);
   CHECK_PX(3, 3, 255, 128, 255, 255);
   api_glDeleteTextures(1, &t);

   /* a renderbuffer: complete, cleared with integers, read back */
   GLuint fb, rb;
   api_glGenFramebuffers(1, &fb);
   api_glGenRenderbuffers(1, &rb);
   api_glBindRenderbuffer(GL_RENDERBUFFER, rb);
   api_glRenderbufferStorage(GL_RENDERBUFFER, GL_RGB10_A2UI, 2, 2);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glBindFramebuffer(GL_FRAMEBUFFER, fb);
   api_glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
   CHECK_EQ_INT(api_glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
   const GLuint clear[4] = { 700, 1, 1023, 3 };
   api_glClearBufferuiv(GL_COLOR, 0, clear);
   GLuint px[4] = { 0, 0, 0, 0 };
   api_glReadPixels(1, 1, 1, 1, GL_RGBA_INTEGER, GL_UNSIGNED_INT, px);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(px[0] == 700 && px[1] == 1 && px[2] == 1023 && px[3] == 3,
         "%s: rgb10_a2ui renderbuffer %u %u %u %u", driver, px[0], px[1], px[2], px[3]);
   api_glBindFramebuffer(GL_FRAMEBUFFER, 0);
   api_glDeleteFramebuffers(1, &fb);
   api_glDeleteRenderbuffers(1, &rb);
}

static void
test_views(const char *driver)
{
   /* GL_RGB10_A2UI is in the 32-bit view class: a view of RGBA8UI storage
    * reads the same 32 bits as 10/10/10/2 */
   GLuint t = nearest_texture(GL_TEXTURE_2D), v;
   api_glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8UI, 1, 1);
   const GLubyte bytes[4] = { 0x01, 0x02, 0x03, 0x84 };   /* little-endian 0x84030201 */
   api_glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, bytes);
   api_glGenTextures(1, &v);
   api_glTextureView(v, GL_TEXTURE_2D, t, GL_RGB10_A2UI, 0, 1, 0, 1);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glBindTexture(GL_TEXTURE_2D, v);
   GLuint back[4] = { 0, 0, 0, 0 };
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA_INTEGER, GL_UNSIGNED_INT, back);
   /* 0x84030201: R = 0x201, G = (0x84030201 >> 10) & 0x3ff = 0x0c0,
    * B = (>> 20) & 0x3ff = 0x040, A = >> 30 = 2 */
   CHECK(back[0] == 0x201 && back[1] == 0x0c0 && back[2] == 0x040 && back[3] == 2,
         "%s: rgb10_a2ui view %x %x %x %x", driver, back[0], back[1], back[2], back[3]);
   api_glDeleteTextures(1, &v);
   api_glDeleteTextures(1, &t);

   /* R16UI data read through an R16F view: the same 16 bits, whatever
    * half they are (0x7f7f and 0xfc01 are NaNs, 0x3c00 is 1.0) */
   static const GLushort halves[4] = { 0x7f7f, 0x3c00, 0xfc01, 0x0001 };
   t = nearest_texture(GL_TEXTURE_1D);
   api_glTexStorage1D(GL_TEXTURE_1D, 1, GL_R16UI, 4);
   api_glTexSubImage1D(GL_TEXTURE_1D, 0, 0, 4, GL_RED_INTEGER, GL_UNSIGNED_SHORT, halves);
   api_glGenTextures(1, &v);
   api_glTextureView(v, GL_TEXTURE_1D, t, GL_R16F, 0, 1, 0, 1);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glBindTexture(GL_TEXTURE_1D, v);
   GLushort h[4] = { 0, 0, 0, 0 };
   api_glGetTexImage(GL_TEXTURE_1D, 0, GL_RED, GL_HALF_FLOAT, h);
   CHECK_GL_ERROR(GL_NO_ERROR);
   for (unsigned i = 0; i < 4; i++)
      CHECK(h[i] == halves[i], "%s: R16F view half %u = 0x%04x, stored 0x%04x", driver, i,
            h[i], halves[i]);
   api_glDeleteTextures(1, &v);
   api_glDeleteTextures(1, &t);
}

static void
test_stencil8(const char *driver, GLuint prog)
{
   /* stencil indices from 32-bit unsigned and signed data: the values
    * themselves (masked to 8 bits), not normalized */
   static const GLuint u[W * H] = { 255, 0, 7, 128, 256 + 9, 1, 2, 3,
                                    4, 5, 6, 7, 8, 9, 10, 200 };
   GLuint t = nearest_texture(GL_TEXTURE_2D);
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_STENCIL_INDEX8, W, H, 0, GL_STENCIL_INDEX,
                    GL_UNSIGNED_INT, u);
   CHECK_GL_ERROR(GL_NO_ERROR);
   GLubyte s[W * H];
   memset(s, 0xee, sizeof s);
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, s);
   CHECK(s[0] == 255 && s[1] == 0 && s[2] == 7 && s[3] == 128 && s[4] == 9 && s[15] == 200,
         "%s: stencil from GL_UNSIGNED_INT %u %u %u %u %u %u", driver, s[0], s[1], s[2], s[3],
         s[4], s[15]);
   api_glUseProgram(prog);
   api_glUniform4f(api_glGetUniformLocation(prog, "scale"), 255.0f, 255.0f, 255.0f, 255.0f);
   draw(prog);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_PX(0, 0, 255, 0, 0, 1);   /* (S, 0, 0, 1) / 255 */
   CHECK_PX(3, 0, 128, 0, 0, 1);
   CHECK_PX(3, 3, 200, 0, 0, 1);

   /* its border colour is unsigned integers too (glTexParameterIuiv) */
   const GLuint border[4] = { 25, 127, 255, 204 };
   api_glTexParameterIuivEXT(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, border);
   api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_BORDER);
   api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_BORDER);
   GLuint pb = test_linked_program(vs130, NULL, fs_uint_border);
   api_glUseProgram(pb);
   api_glUniform4f(api_glGetUniformLocation(pb, "scale"), 255.0f, 255.0f, 255.0f, 255.0f);
   draw(pb);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_PX(2, 2, 25, 127, 255, 204);
   api_glDeleteProgram(pb);

   static const GLint i32[4] = { 255, -1, 66, 0 };
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_STENCIL_INDEX8, 2, 2, 0, GL_STENCIL_INDEX, GL_INT, i32);
   CHECK_GL_ERROR(GL_NO_ERROR);
   memset(s, 0xee, sizeof s);
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, s);
   /* rows of 2 bytes, each padded to GL_PACK_ALIGNMENT 4 */
   CHECK(s[0] == 255 && s[1] == 255 && s[4] == 66 && s[5] == 0,
         "%s: stencil from GL_INT %u %u %u %u", driver, s[0], s[1], s[4], s[5]);
   api_glDeleteTextures(1, &t);
}

static void
run(struct test_env *e, const char *driver, bool first)
{
   (void)e;
   (void)first;
   GLuint prog = test_linked_program(vs130, NULL, fs_uint);
   test_rgb10_a2ui(driver, prog);
   test_views(driver);
   test_stencil8(driver, prog);
   api_glDeleteProgram(prog);
}

int
main(void)
{
   test_on_each_driver("st_test_fmt33", "3.3", W, H, run);
   return st_test_finish("st_test_fmt33");
}
