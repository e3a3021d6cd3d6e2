/*
 * The multisample fragment operations of GL 3.3 section 4.1.3 with an
 * integer draw buffer zero, on refpipe and jitpipe (GL 3.3 context, GLSL
 * 3.30): a 4-sample framebuffer object whose draw buffer zero is RGBA8I and
 * draw buffer one RGBA8.  GL_SAMPLE_ALPHA_TO_COVERAGE and
 * GL_SAMPLE_ALPHA_TO_ONE are then skipped for every draw buffer: colour 0's
 * alpha of 0 removes no sample, and colour 1 keeps its alpha of 0.25.  The
 * same draws with a normalized draw buffer zero show that both operations
 * are on (all samples removed; alpha 1).  Expected values are the shader's
 * constants (0.2, 0.4, 0.6, 0.25 -> 51, 102, 153, 64).
 *
 * Also point sprites with GL_COORD_REPLACE on a unit whose gl_TexCoord[]
 * the vertex shader does not write (GL 3.2 compatibility section 3.4.1):
 * the fragment shader still reads the sprite's (s, t, 0, 1) there.
 */
#include <stdio.h>
#include <string.h>

#include "st_dispatch.h"
#include "st_glapi.h"
#include "st_test_fb.h"

#define W 4
#define H 4

static const char vs_src[] =
   "#version 330\n"
   "in vec4 pos;\n"
   "void main() { gl_Position = pos; }\n";

/* OUT0 is ivec4 or vec4: colour 0's alpha is 0 either way */
static const char fs_fmt[] =
   "#version 330\n"
   "layout(location = 0) out %s c0;\n"
   "layout(location = 1) out vec4 c1;\n"
   "void main() { c0 = %s(10, 20, 30, 0); c1 = vec4(0.2, 0.4, 0.6, 0.25); }\n";

static GLuint
program(bool integer)
{
   char fs[256];
   snprintf(fs, sizeof fs, fs_fmt, integer ? "ivec4" : "vec4", integer ? "ivec4" : "vec4");
   return test_linked_program(vs_src, NULL, fs);
}

/* Draws p over the 4-sample framebuffer object ms (cleared to 0) with
 * `cap` enabled, resolves draw buffer `buf` into the single-sampled
 * framebuffer object `res` (whose attachment 0 has buffer buf's format) and
 * reads its pixel (1, 1) as integers, normalized ones scaled to 0..255. */
static void
draw_and_resolve(GLuint p, GLuint ms, GLuint res, GLenum cap, unsigned buf, bool integer,
                 int out[4])
{
   static const GLint zero_i[4] = { 0, 0, 0, 0 };
   static const GLfloat zero_f[4] = { 0, 0, 0, 0 };
   api_glBindFramebuffer(GL_FRAMEBUFFER, ms);
   if (integer)
      api_glClearBufferiv(GL_COLOR, 0, zero_i);
   else
      api_glClearBufferfv(GL_COLOR, 0, zero_f);
   api_glClearBufferfv(GL_COLOR, 1, zero_f);
   api_glEnable(GL_MULTISAMPLE);
   api_glEnable(cap);
   test_draw_viewport_quad(p);
   api_glDisable(cap);

   api_glBindFramebuffer(GL_READ_FRAMEBUFFER, ms);
   api_glReadBuffer(GL_COLOR_ATTACHMENT0 + buf);
   api_glBindFramebuffer(GL_DRAW_FRAMEBUFFER, res);
   api_glBlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   api_glBindFramebuffer(GL_READ_FRAMEBUFFER, res);
   api_glReadBuffer(GL_COLOR_ATTACHMENT0);
   memset(out, 0x55, 4 * sizeof *out);
   if (buf == 0 && integer) {
      api_glReadPixels(1, 1, 1, 1, GL_RGBA_INTEGER, GL_INT, out);
   } else {
      GLubyte px[4] = { 0x55, 0x55, 0x55, 0x55 };
      api_glReadPixels(1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
      for (unsigned i = 0; i < 4; i++)
         out[i] = px[i];
   }
   api_glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

#define CHECK_RGBA(what, got, r, g, b, a, tol)                                          \
   CHECK(abs((got)[0] - (r)) <= (tol) && abs((got)[1] - (g)) <= (tol) &&                \
            abs((got)[2] - (b)) <= (tol) && abs((got)[3] - (a)) <= (tol),               \
         "%s: %s = %d,%d,%d,%d, expected %d,%d,%d,%d", driver, what, (got)[0], (got)[1], \
         (got)[2], (got)[3], (r), (g), (b), (a))

/* A 4-pixel sprite over the 4x4 window, GL_COORD_REPLACE on unit 1, from a
 * vertex shader writing no gl_TexCoord[]: gl_TexCoord[1].s, .t and .q as
 * red, green and blue.  Pixel (x, y)'s centre is at s = (x + 0.5) / 4 and,
 * from the upper-left origin (the default), t = 1 - (y + 0.5) / 4. */
static void
test_sprite_unwritten_texcoord(const char *driver)
{
   GLuint p = test_linked_program(
      "#version 130\nin vec4 pos;\nvoid main() { gl_Position = pos; }\n", NULL,
      "#version 130\n"
      "void main() { gl_FragColor = vec4(gl_TexCoord[1].st, gl_TexCoord[1].q, 1.0); }\n");
   static const GLfloat centre[2] = { 0, 0 };
   api_glActiveTexture(GL_TEXTURE1);
   api_glTexEnvi(GL_POINT_SPRITE, GL_COORD_REPLACE, GL_TRUE);
   api_glActiveTexture(GL_TEXTURE0);
   api_glEnable(GL_POINT_SPRITE);
   api_glPointSize(4);
   api_glClearColor(0, 0, 0, 0);
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glUseProgram(p);
   api_glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, 0, centre);
   api_glEnableVertexAttribArray(1);
   api_glDrawArrays(GL_POINTS, 0, 1);
   api_glDisableVertexAttribArray(1);
   api_glUseProgram(0);
   CHECK_GL_ERROR(GL_NO_ERROR);
   for (int y = 0; y < H; y++) {
      for (int x = 0; x < W; x++) {
         GLubyte px[4];
         test_read_px(x, y, px);
         int r = (int)((x + 0.5f) / W * 255.0f + 0.5f);
         int g = (int)((1.0f - (y + 0.5f) / H) * 255.0f + 0.5f);
         CHECK(abs(px[0] - r) <= 2 && abs(px[1] - g) <= 2 && px[2] == 255,
               "%s: sprite pixel (%d,%d) = %u,%u,%u, expected %d,%d,255", driver, x, y, px[0],
               px[1], px[2], r, g);
      }
   }
   api_glDisable(GL_POINT_SPRITE);
   api_glPointSize(1);
   api_glActiveTexture(GL_TEXTURE1);
   api_glTexEnvi(GL_POINT_SPRITE, GL_COORD_REPLACE, GL_FALSE);
   api_glActiveTexture(GL_TEXTURE0);
   api_glDeleteProgram(p);
}

static void
test_integer_buffer_zero(const char *driver)
{
   GLuint rb[5], fb[3];
   api_glGenRenderbuffers(5, rb);
   api_glGenFramebuffers(3, fb);
   /* rb 0, 1: 4-sample RGBA8I and RGBA8 (ms fb[0]); rb 2: 4-sample RGBA8
    * (draw buffer zero of fb[1]'s normalized variant); rb 3, 4:
    * single-sampled RGBA8I and RGBA8 resolve targets (fb[2]) */
   const GLenum fmt[5] = { GL_RGBA8I, GL_RGBA8, GL_RGBA8, GL_RGBA8I, GL_RGBA8 };
   for (unsigned i = 0; i < 5; i++) {
      api_glBindRenderbuffer(GL_RENDERBUFFER, rb[i]);
      api_glRenderbufferStorageMultisample(GL_RENDERBUFFER, i < 3 ? 4 : 0, fmt[i], W, H);
   }
   static const GLenum bufs[2] = { GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1 };
   for (unsigned f = 0; f < 2; f++) {
      api_glBindFramebuffer(GL_FRAMEBUFFER, fb[f]);
      api_glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER,
                                    f == 0 ? rb[0] : rb[2]);
      api_glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_RENDERBUFFER,
                                    rb[1]);
      api_glDrawBuffers(2, bufs);
      CHECK_EQ_INT(api_glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
      CHECK_EQ_INT(test_get_int(GL_SAMPLES), 4);
   }
   api_glViewport(0, 0, W, H);
   CHECK_GL_ERROR(GL_NO_ERROR);

   GLuint pi = program(true), pf = program(false);
   int got[4];
   /* integer draw buffer zero: alpha to coverage is skipped, every sample
    * of both buffers is written */
   api_glBindFramebuffer(GL_FRAMEBUFFER, fb[2]);
   api_glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[4]);
   draw_and_resolve(pi, fb[0], fb[2], GL_SAMPLE_ALPHA_TO_COVERAGE, 1, true, got);
   CHECK_RGBA("alpha to coverage, int buffer 0: buffer 1", got, 51, 102, 153, 64, 1);
   /* alpha to one is skipped too: buffer 1 keeps its alpha */
   draw_and_resolve(pi, fb[0], fb[2], GL_SAMPLE_ALPHA_TO_ONE, 1, true, got);
   CHECK_RGBA("alpha to one, int buffer 0: buffer 1", got, 51, 102, 153, 64, 1);
   /* and buffer zero keeps the shader's integers */
   api_glBindFramebuffer(GL_FRAMEBUFFER, fb[2]);
   api_glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[3]);
   draw_and_resolve(pi, fb[0], fb[2], GL_SAMPLE_ALPHA_TO_COVERAGE, 0, true, got);
   CHECK_RGBA("alpha to coverage, int buffer 0: buffer 0", got, 10, 20, 30, 0, 0);
   draw_and_resolve(pi, fb[0], fb[2], GL_SAMPLE_ALPHA_TO_ONE, 0, true, got);
   CHECK_RGBA("alpha to one, int buffer 0: buffer 0", got, 10, 20, 30, 0, 0);

   /* a normalized draw buffer zero: both operations apply (alpha 0 covers
    * no sample; every alpha becomes 1) */
   api_glBindFramebuffer(GL_FRAMEBUFFER, fb[2]);
   api_glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[4]);
   draw_and_resolve(pf, fb[1], fb[2], GL_SAMPLE_ALPHA_TO_COVERAGE, 1, false, got);
   CHECK_RGBA("alpha to coverage, RGBA8 buffer 0: buffer 1", got, 0, 0, 0, 0, 0);
   draw_and_resolve(pf, fb[1], fb[2], GL_SAMPLE_ALPHA_TO_ONE, 1, false, got);
   CHECK_RGBA("alpha to one, RGBA8 buffer 0: buffer 1", got, 51, 102, 153, 255, 1);
   CHECK_GL_ERROR(GL_NO_ERROR);

   api_glDisable(GL_MULTISAMPLE);
   api_glDeleteProgram(pi);
   api_glDeleteProgram(pf);
   api_glDeleteFramebuffers(3, fb);
   api_glDeleteRenderbuffers(5, rb);
}

static void
run(struct test_env *e, const char *driver, bool first)
{
   (void)e;
   (void)first;
   test_integer_buffer_zero(driver);
   test_sprite_unwritten_texcoord(driver);
}

int
main(void)
{
   test_on_each_driver("st_test_raster_ops", "3.3", W, H, run);
   return st_test_finish("st_test_raster_ops");
}
