/*
 * Colour clears through Mesa's libEGL: several colours on the whole
 * surface, clamping of the clear colour, scissor rectangles (inside, zero
 * size, partly and fully outside), per-channel colour masks.  After every
 * step the whole surface is read back and compared pixel by pixel with a
 * model kept by the test (+-1 in 8-bit units).
 */
#include "egl_common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define W 37
#define H 23

static uint8_t model[W * H * 4];

static void
check(const char *what)
{
   uint8_t *got = read_surface_rgba8(W, H);
   if (!got) {
      test_fail("%s: out of memory", what);
      return;
   }
   gl_expect_error(GL_NO_ERROR, what);
   compare_rgba8(got, model, W, H, 1, what);
   free(got);
}

static void
clear_color(float r, float g, float b, float a)
{
   glClearColor(r, g, b, a);
   glClear(GL_COLOR_BUFFER_BIT);
}

static void
to8(const float c[4], uint8_t out[4])
{
   for (int i = 0; i < 4; i++)
      out[i] = (uint8_t)unorm_from_float(c[i], 8);
}

static void
test_full_clears(void)
{
   static const float colours[][4] = {
      { 0.0f, 0.0f, 0.0f, 0.0f },
      { 1.0f, 1.0f, 1.0f, 1.0f },
      { 1.0f, 0.0f, 0.0f, 1.0f },
      { 0.0f, 1.0f, 0.0f, 0.5f },
      { 0.0f, 0.0f, 1.0f, 0.25f },
      { 0.25f, 0.5f, 0.75f, 1.0f },
      { 0.1f, 0.2f, 0.3f, 0.4f },
      { 3.0f / 255, 128.0f / 255, 254.0f / 255, 1.0f / 255 },
   };
   for (unsigned i = 0; i < sizeof(colours) / sizeof(colours[0]); i++) {
      const float *c = colours[i];
      char what[96];
      snprintf(what, sizeof(what), "full clear to %g,%g,%g,%g",
               c[0], c[1], c[2], c[3]);
      clear_color(c[0], c[1], c[2], c[3]);
      uint8_t c8[4];
      to8(c, c8);
      model_clear(model, W, H, 0, 0, W, H, c8, NULL);
      check(what);
   }

   /* Clear colours are clamped to [0,1] for a fixed-point buffer. */
   clear_color(1.5f, -0.5f, 2.0f, -1.0f);
   const uint8_t clamped[4] = { 255, 0, 255, 0 };
   model_clear(model, W, H, 0, 0, W, H, clamped, NULL);
   check("clear with out-of-range colour (clamped)");

   /* glClearColor is state: the value set is what glGet returns (clamped
    * in GL 2.1 compatibility contexts; unclamped once
    * ARB_color_buffer_float is exposed, so only check in-range values). */
   glClearColor(0.25f, 0.5f, 0.75f, 1.0f);
   GLfloat cc[4] = { -1, -1, -1, -1 };
   glGetFloatv(GL_COLOR_CLEAR_VALUE, cc);
   if (cc[0] != 0.25f || cc[1] != 0.5f || cc[2] != 0.75f || cc[3] != 1.0f)
      test_fail("GL_COLOR_CLEAR_VALUE is %g,%g,%g,%g, expected 0.25,0.5,0.75,1",
                cc[0], cc[1], cc[2], cc[3]);
   gl_expect_error(GL_NO_ERROR, "glGetFloatv(GL_COLOR_CLEAR_VALUE)");
}

static void
scissored_clear(int x, int y, int w, int h, const float c[4], const char *what)
{
   glScissor(x, y, w, h);
   glEnable(GL_SCISSOR_TEST);
   clear_color(c[0], c[1], c[2], c[3]);
   glDisable(GL_SCISSOR_TEST);
   uint8_t c8[4];
   to8(c, c8);
   model_clear(model, W, H, x, y, w, h, c8, NULL);
   char msg[128];
   snprintf(msg, sizeof(msg), "scissor %d,%d %dx%d (%s)", x, y, w, h, what);
   check(msg);
}

static void
test_scissor(void)
{
   static const float grey[4] = { 0.5f, 0.5f, 0.5f, 1.0f };
   static const float red[4] = { 1.0f, 0.0f, 0.0f, 1.0f };
   static const float green[4] = { 0.0f, 1.0f, 0.0f, 1.0f };
   static const float blue[4] = { 0.0f, 0.0f, 1.0f, 1.0f };
   static const float yellow[4] = { 1.0f, 1.0f, 0.0f, 0.5f };
   static const float white[4] = { 1.0f, 1.0f, 1.0f, 1.0f };

   clear_color(grey[0], grey[1], grey[2], grey[3]);
   uint8_t g8[4];
   to8(grey, g8);
   model_clear(model, W, H, 0, 0, W, H, g8, NULL);
   check("grey background");

   /* GL's y axis points up: the rectangle at y = 0 is the bottom rows,
    * which glReadPixels returns first. */
   scissored_clear(2, 3, 10, 5, red, "inside, bottom left");
   scissored_clear(W - 8, H - 6, 8, 6, green, "inside, top right corner");
   scissored_clear(5, 0, 1, H, blue, "one column");
   scissored_clear(0, 11, W, 1, yellow, "one row");
   scissored_clear(20, 10, 1, 1, white, "one pixel");
   scissored_clear(15, 15, 0, 4, white, "zero width");
   scissored_clear(15, 15, 4, 0, white, "zero height");
   scissored_clear(0, 0, 0, 0, white, "zero size at origin");
   scissored_clear(-5, -4, 9, 7, blue, "partly outside, bottom left");
   scissored_clear(W - 3, H - 2, 40, 40, red, "partly outside, top right");
   scissored_clear(-10, 8, W + 20, 2, green, "wider than the surface");
   scissored_clear(W, 0, 5, 5, white, "fully outside, right");
   scissored_clear(0, H, 5, 5, white, "fully outside, top");
   scissored_clear(-20, -20, 10, 10, white, "fully outside, below left");

   /* The scissor box is state that glGet returns as set, even when it
    * lies outside the surface. */
   glScissor(-3, 4, 1000, 2);
   GLint box[4] = { 0, 0, 0, 0 };
   glGetIntegerv(GL_SCISSOR_BOX, box);
   if (box[0] != -3 || box[1] != 4 || box[2] != 1000 || box[3] != 2)
      test_fail("GL_SCISSOR_BOX is %d,%d,%d,%d, expected -3,4,1000,2",
                box[0], box[1], box[2], box[3]);
   if (glIsEnabled(GL_SCISSOR_TEST))
      test_fail("GL_SCISSOR_TEST still enabled after glDisable");
   gl_expect_error(GL_NO_ERROR, "scissor state queries");

   /* With the scissor test disabled, the box does not matter. */
   clear_color(white[0], white[1], white[2], white[3]);
   uint8_t w8[4];
   to8(white, w8);
   model_clear(model, W, H, 0, 0, W, H, w8, NULL);
   check("clear with scissor box set but test disabled");
}

static void
test_color_masks(void)
{
   static const struct { bool m[4]; } masks[] = {
      { { true, false, false, false } },
      { { false, true, false, false } },
      { { false, false, true, false } },
      { { false, false, false, true } },
      { { true, false, true, false } },
      { { false, true, false, true } },
      { { false, false, false, false } },
      { { true, true, true, true } },
   };
   const uint8_t base[4] = { 0x20, 0x40, 0x60, 0x80 };
   const float basef[4] = { 0x20 / 255.0f, 0x40 / 255.0f, 0x60 / 255.0f,
                            0x80 / 255.0f };
   const float fill[4] = { 1.0f, 0.0f, 0x33 / 255.0f, 1.0f };
   uint8_t fill8[4];
   to8(fill, fill8);

   for (unsigned i = 0; i < sizeof(masks) / sizeof(masks[0]); i++) {
      const bool *m = masks[i].m;
      glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
      clear_color(basef[0], basef[1], basef[2], basef[3]);
      model_clear(model, W, H, 0, 0, W, H, base, NULL);

      glColorMask(m[0], m[1], m[2], m[3]);
      GLboolean q[4] = { 9, 9, 9, 9 };
      glGetBooleanv(GL_COLOR_WRITEMASK, q);
      for (int c = 0; c < 4; c++) {
         if (q[c] != (m[c] ? GL_TRUE : GL_FALSE))
            test_fail("GL_COLOR_WRITEMASK[%d] is %d, expected %d", c, q[c],
                      m[c]);
      }
      clear_color(fill[0], fill[1], fill[2], fill[3]);
      model_clear(model, W, H, 0, 0, W, H, fill8, m);

      /* A masked clear under a scissor rectangle too. */
      glEnable(GL_SCISSOR_TEST);
      glScissor(4, 4, 9, 6);
      clear_color(0.0f, 1.0f, 0.0f, 0.0f);
      glDisable(GL_SCISSOR_TEST);
      const uint8_t g[4] = { 0, 255, 0, 0 };
      model_clear(model, W, H, 4, 4, 9, 6, g, m);

      char what[64];
      snprintf(what, sizeof(what), "colour mask %d%d%d%d", m[0], m[1], m[2],
               m[3]);
      check(what);
   }
   glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
}

int
main(void)
{
   struct egl_test t;
   int r = egl_test_setup(&t, W, H, 0, 0);
   if (r != TEST_PASS) {
      egl_test_teardown(&t);
      return r;
   }
   test_full_clears();
   test_scissor();
   test_color_masks();
   egl_test_teardown(&t);
   return test_finish("egl-clear");
}
