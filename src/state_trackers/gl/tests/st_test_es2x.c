/*
 * OpenGL ES extensions of the shared texture path, on refpipe and jitpipe:
 *
 * - GL_OES_packed_depth_stencil in an ES 2.0 context: a DEPTH_STENCIL /
 *   UNSIGNED_INT_24_8 texture sampled by a GLSL ES 1.00 program (its depth
 *   read back in red), a DEPTH24_STENCIL8 renderbuffer whose stencil masks
 *   a draw, and an error for other data types;
 * - GL_EXT_texture_compression_rgtc and _bptc in an ES 3.0 context
 *   (PONY_GLES_VERSION_OVERRIDE=3.0): offered, glTexImage2D and
 *   glCompressedTexImage2D accept the formats, a hand-made RGTC1 block and
 *   a BC7 mode 6 block drawn with texelFetch, BPTC in the compressed
 *   format list, a wrong image size;
 * - ES 2.0 contexts have neither (both extensions need ES 3.0):
 *   GL_INVALID_ENUM from glCompressedTexImage2D.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "st_test_fb.h"

#define W 4
#define H 4

static bool
has_ext(const char *name)
{
   const char *s = (const char *)api_glGetString(GL_EXTENSIONS);
   size_t n = strlen(name);
   for (const char *p = s; p && (p = strstr(p, name)) != NULL; p += n)
      if ((p == s || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
         return true;
   return false;
}

static void
quad(GLuint p)
{
   static const GLfloat pos[8] = { -1, -1, 1, -1, 1, 1, -1, 1 };
   api_glUseProgram(p);
   api_glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, 0, pos);
   api_glEnableVertexAttribArray(1);
   api_glDrawArrays(GL_TRIANGLE_FAN, 0, 4);
}

#define CHECK_PX_RGBA(x, y, r, g, b, a, tol)                                              \
   do {                                                                                   \
      GLubyte q_[4];                                                                      \
      test_read_px((x), (y), q_);                                                         \
      CHECK(abs(q_[0] - (r)) <= (tol) && abs(q_[1] - (g)) <= (tol) &&                     \
               abs(q_[2] - (b)) <= (tol) && abs(q_[3] - (a)) <= (tol),                    \
            "%s: pixel (%d,%d) = %u,%u,%u,%u, expected %d,%d,%d,%d", driver, (x), (y),     \
            q_[0], q_[1], q_[2], q_[3], (r), (g), (b), (a));                              \
   } while (0)

static const char *vs100 = "attribute vec2 pos;\n"
                           "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
static const char *fs_tex100 = "precision mediump float;\nuniform sampler2D t;\n"
                               "void main() { gl_FragColor = texture2D(t, gl_FragCoord.xy / 4.0); }\n";
static const char *fs_red100 = "precision mediump float;\n"
                               "void main() { gl_FragColor = vec4(1.0, 0.0, 0.0, 1.0); }\n";

/* ES 2.0: OES_packed_depth_stencil; no RGTC / BPTC */
static void
test_es2(struct test_env *e, const char *driver)
{
   struct st_context *es2 = test_es_context(e, 2, NULL);
   CHECK(es2 != NULL, "%s: ES 2.0 context", driver);
   if (!es2)
      return;
   CHECK(has_ext("GL_OES_packed_depth_stencil"), "%s: OES_packed_depth_stencil offered", driver);
   CHECK(!has_ext("GL_EXT_texture_compression_rgtc"), "%s: ES 2.0 offers rgtc", driver);
   CHECK(!has_ext("GL_EXT_texture_compression_bptc"), "%s: ES 2.0 offers bptc", driver);

   /* the depth texture: left half depth 1/4, right half 3/4 (upper 24 bits
    * of each word), stencil bytes 0x5a */
   GLuint words[W * H];
   for (unsigned i = 0; i < W * H; i++)
      words[i] = ((i % W) < 2 ? 0x400000u : 0xc00000u) << 8 | 0x5a;
   GLuint tex;
   api_glGenTextures(1, &tex);
   api_glBindTexture(GL_TEXTURE_2D, tex);
   api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_STENCIL, W, H, 0, GL_DEPTH_STENCIL,
                    GL_UNSIGNED_INT_24_8, words);
   CHECK_GL_ERROR(GL_NO_ERROR);
   GLuint pt = test_linked_program(vs100, NULL, fs_tex100);
   api_glViewport(0, 0, W, H);
   api_glClearColor(0, 0, 1, 1);
   api_glClear(GL_COLOR_BUFFER_BIT);
   quad(pt);
   CHECK_GL_ERROR(GL_NO_ERROR);
   /* 0.25 * 255 = 63.75, 0.75 * 255 = 191.25 */
   CHECK_PX_RGBA(0, 0, 64, 64, 64, 255, 1);
   CHECK_PX_RGBA(1, 3, 64, 64, 64, 255, 1);
   CHECK_PX_RGBA(2, 1, 191, 191, 191, 255, 1);
   CHECK_PX_RGBA(3, 3, 191, 191, 191, 255, 1);

   /* DEPTH_STENCIL data must come as UNSIGNED_INT_24_8 (the shared path's
    * error for other types) */
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_STENCIL, W, H, 0, GL_DEPTH_STENCIL,
                    GL_UNSIGNED_BYTE, NULL);
   CHECK(api_glGetError() != GL_NO_ERROR, "%s: DEPTH_STENCIL / UNSIGNED_BYTE accepted", driver);

   /* a DEPTH24_STENCIL8 renderbuffer on both attachments: its stencil,
    * written in the left half, masks the red draw */
   GLuint fbo, rb[2];
   api_glGenFramebuffers(1, &fbo);
   api_glGenRenderbuffers(2, rb);
   api_glBindRenderbuffer(GL_RENDERBUFFER, rb[0]);
   api_glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, W, H);
   api_glBindRenderbuffer(GL_RENDERBUFFER, rb[1]);
   api_glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, W, H);
   CHECK_GL_ERROR(GL_NO_ERROR);
   GLint bits = -1;
   api_glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_STENCIL_SIZE, &bits);
   CHECK(bits == 8, "%s: stencil size %d", driver, bits);
   api_glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   api_glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[0]);
   api_glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, rb[1]);
   api_glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT, GL_RENDERBUFFER, rb[1]);
   CHECK(api_glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE,
         "%s: depth-stencil FBO incomplete", driver);
   api_glClearColor(0, 0, 0, 1);
   api_glClearStencil(0);
   api_glClear(GL_COLOR_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
   GLuint pr = test_linked_program(vs100, NULL, fs_red100);
   api_glEnable(GL_STENCIL_TEST);
   api_glEnable(GL_SCISSOR_TEST);
   api_glScissor(0, 0, 2, H);
   api_glStencilFunc(GL_ALWAYS, 1, 0xff);
   api_glStencilOp(GL_KEEP, GL_KEEP, GL_REPLACE);
   api_glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
   quad(pr);
   api_glDisable(GL_SCISSOR_TEST);
   api_glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   api_glStencilFunc(GL_EQUAL, 1, 0xff);
   api_glStencilOp(GL_KEEP, GL_KEEP, GL_KEEP);
   quad(pr);
   api_glDisable(GL_STENCIL_TEST);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_PX_RGBA(0, 0, 255, 0, 0, 255, 0);
   CHECK_PX_RGBA(1, 3, 255, 0, 0, 255, 0);
   CHECK_PX_RGBA(2, 0, 0, 0, 0, 255, 0);
   CHECK_PX_RGBA(3, 3, 0, 0, 0, 255, 0);
   api_glBindFramebuffer(GL_FRAMEBUFFER, 0);

   /* RGTC and BPTC need ES 3.0 */
   static const uint8_t zeros[16];
   api_glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RED_RGTC1_EXT, 4, 4, 0, 8, zeros);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_BPTC_UNORM, 4, 4, 0, 16,
                              zeros);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   GLint n = test_get_int(GL_NUM_COMPRESSED_TEXTURE_FORMATS), fmts[32];
   CHECK(n > 0 && n <= 32, "%s: %d compressed formats", driver, n);
   memset(fmts, 0, sizeof fmts);
   api_glGetIntegerv(GL_COMPRESSED_TEXTURE_FORMATS, fmts);
   for (GLint i = 0; i < n && i < 32; i++)
      CHECK(fmts[i] < GL_COMPRESSED_RGBA_BPTC_UNORM ||
               fmts[i] > GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT,
            "%s: ES 2.0 lists 0x%x", driver, (unsigned)fmts[i]);

   api_glDeleteProgram(pt);
   api_glDeleteProgram(pr);
   api_glDeleteTextures(1, &tex);
   api_glDeleteRenderbuffers(2, rb);
   api_glDeleteFramebuffers(1, &fbo);
   test_es_context_done(e, es2);
}

static const char *vs300 =
   "#version 300 es\nin vec2 pos;\nvoid main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
static const char *fs300 =
   "#version 300 es\nprecision mediump float;\nuniform mediump sampler2D t;\nout vec4 c;\n"
   "void main() { c = texelFetch(t, ivec2(gl_FragCoord.xy), 0); }\n";

static void
set_bits(uint8_t *b, unsigned first, unsigned count)
{
   for (unsigned i = first; i < first + count; i++)
      b[i / 8] |= (uint8_t)(1u << (i % 8));
}

/* ES 3.0: EXT_texture_compression_rgtc and _bptc */
static void
test_es3(struct test_env *e, const char *driver)
{
   struct st_context *es3 = test_es_context(e, 3, NULL);
   CHECK(es3 != NULL, "%s: ES 3.0 context", driver);
   if (!es3)
      return;
   CHECK(has_ext("GL_EXT_texture_compression_rgtc"), "%s: rgtc offered", driver);
   CHECK(has_ext("GL_EXT_texture_compression_bptc"), "%s: bptc offered", driver);
   CHECK(has_ext("GL_OES_packed_depth_stencil"), "%s: ES 3.0 packed_depth_stencil", driver);

   GLuint tex;
   api_glGenTextures(1, &tex);
   api_glBindTexture(GL_TEXTURE_2D, tex);
   api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);

   /* uncompressed (here absent) data into each format */
   static const struct { GLenum ifmt, fmt, type; } unc[] = {
      { GL_COMPRESSED_RED_RGTC1_EXT, GL_RED, GL_UNSIGNED_BYTE },
      { GL_COMPRESSED_SIGNED_RED_RGTC1_EXT, GL_RED, GL_BYTE },
      { GL_COMPRESSED_RED_GREEN_RGTC2_EXT, GL_RG, GL_UNSIGNED_BYTE },
      { GL_COMPRESSED_SIGNED_RED_GREEN_RGTC2_EXT, GL_RG, GL_BYTE },
      { GL_COMPRESSED_RGBA_BPTC_UNORM, GL_RGBA, GL_UNSIGNED_BYTE },
      { GL_COMPRESSED_SRGB_ALPHA_BPTC_UNORM, GL_RGBA, GL_UNSIGNED_BYTE },
      { GL_COMPRESSED_RGB_BPTC_SIGNED_FLOAT, GL_RGB, GL_FLOAT },
      { GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT, GL_RGB, GL_FLOAT },
   };
   for (unsigned i = 0; i < sizeof unc / sizeof unc[0]; i++) {
      api_glTexImage2D(GL_TEXTURE_2D, 0, unc[i].ifmt, 8, 8, 0, unc[i].fmt, unc[i].type, NULL);
      CHECK(api_glGetError() == GL_NO_ERROR, "%s: glTexImage2D 0x%x", driver,
            (unsigned)unc[i].ifmt);
      /* 8x8: four blocks of 8 (RGTC1) or 16 bytes */
      GLsizei size = unc[i].ifmt <= GL_COMPRESSED_SIGNED_RED_RGTC1_EXT ? 32 : 64;
      api_glCompressedTexImage2D(GL_TEXTURE_2D, 0, unc[i].ifmt, 8, 8, 0, size, NULL);
      CHECK(api_glGetError() == GL_NO_ERROR, "%s: glCompressedTexImage2D 0x%x", driver,
            (unsigned)unc[i].ifmt);
      api_glCompressedTexImage2D(GL_TEXTURE_2D, 0, unc[i].ifmt, 8, 8, 0, size + 1, NULL);
      CHECK(api_glGetError() == GL_INVALID_VALUE, "%s: wrong size 0x%x", driver,
            (unsigned)unc[i].ifmt);
   }

   GLuint p = test_linked_program(vs300, NULL, fs300);
   api_glViewport(0, 0, W, H);

   /* RGTC1: red0 200 > red1 100 (eight-value mode); texel (1, 0) has
    * index 1 (bits 3..5 of the index field), the others index 0 */
   static const uint8_t rgtc1[8] = { 200, 100, 0x08, 0, 0, 0, 0, 0 };
   api_glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RED_RGTC1_EXT, 4, 4, 0, 8, rgtc1);
   CHECK_GL_ERROR(GL_NO_ERROR);
   quad(p);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_PX_RGBA(0, 0, 200, 0, 0, 255, 0);
   CHECK_PX_RGBA(1, 0, 100, 0, 0, 255, 0);
   CHECK_PX_RGBA(3, 3, 200, 0, 0, 255, 0);

   /* BC7 mode 6 (bit 6 set): 7-bit endpoints R0 R1 G0 G1 B0 B1 A0 A1 at
    * bits 7, 14, ..., 56, p-bits at 63 and 64, indices from 65.  R and A
    * endpoints all ones, G and B zero, both p-bits one, every index 0:
    * each texel is endpoint 0 = (127 << 1 | 1, 0 << 1 | 1, 1, 255). */
   uint8_t bc7[16];
   memset(bc7, 0, sizeof bc7);
   set_bits(bc7, 6, 1);
   set_bits(bc7, 7, 14);    /* R0, R1 */
   set_bits(bc7, 49, 14);   /* A0, A1 */
   set_bits(bc7, 63, 2);    /* P0, P1 */
   api_glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_BPTC_UNORM, 4, 4, 0, 16,
                              bc7);
   CHECK_GL_ERROR(GL_NO_ERROR);
   quad(p);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_PX_RGBA(0, 0, 255, 1, 1, 255, 0);
   CHECK_PX_RGBA(2, 3, 255, 1, 1, 255, 0);

   /* the BPTC formats are general-purpose: listed */
   GLint n = test_get_int(GL_NUM_COMPRESSED_TEXTURE_FORMATS), fmts[32];
   CHECK(n > 0 && n <= 32, "%s: %d compressed formats", driver, n);
   memset(fmts, 0, sizeof fmts);
   api_glGetIntegerv(GL_COMPRESSED_TEXTURE_FORMATS, fmts);
   unsigned bptc = 0;
   for (GLint i = 0; i < n && i < 32; i++)
      bptc += fmts[i] >= GL_COMPRESSED_RGBA_BPTC_UNORM &&
              fmts[i] <= GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT;
   CHECK(bptc == 4, "%s: %u BPTC formats listed", driver, bptc);

   api_glDeleteProgram(p);
   api_glDeleteTextures(1, &tex);
   test_es_context_done(e, es3);
}

/* desktop GL keeps RGTC and BPTC */
static void
test_desktop(const char *driver)
{
   static const uint8_t zeros[16];
   GLuint t;
   api_glGenTextures(1, &t);
   api_glBindTexture(GL_TEXTURE_2D, t);
   api_glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RED_RGTC1, 4, 4, 0, 8, zeros);
   CHECK(api_glGetError() == GL_NO_ERROR, "%s: desktop RGTC1", driver);
   api_glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_BPTC_UNORM, 4, 4, 0, 16,
                              zeros);
   CHECK(api_glGetError() == GL_NO_ERROR, "%s: desktop BPTC", driver);
   api_glDeleteTextures(1, &t);
}

static void
run(struct test_env *e, const char *driver, bool first)
{
   (void)first;
   test_desktop(driver);
   test_es2(e, driver);
   test_es3(e, driver);
}

int
main(void)
{
   test_on_each_driver("st_test_es2x", "3.3", W, H, run);
   return st_test_finish("st_test_es2x");
}
