/*
 * Pixel rectangles far larger than the surface: the work must follow what
 * can reach the 64 x 48 surface, not the image.  Found: glDrawPixels of a
 * 1048576 x 8 RGBA image and glBitmap of a 16777216 x 35 bitmap unpacked,
 * converted and emitted every pixel (each more than a minute; the fix
 * clips the image to the drawable and scissor first).  Also: raster
 * positions and zooms that are huge, infinite or NaN (float-to-integer
 * conversions out of range), negative zoom, glBitmap still advancing the
 * raster position by exactly xmove / ymove, glCopyPixels with a huge
 * zoom, glReadPixels far wider than the read buffer (the rest of the
 * destination untouched), and row length / skips whose image span
 * overflows 64 bits (GL_INVALID_OPERATION: no memory holds it).
 */
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "regress.h"

static PFNGLWINDOWPOS2IPROC glWindowPos2i_;
static PFNGLWINDOWPOS2FPROC glWindowPos2f_;
#define glWindowPos2i glWindowPos2i_
#define glWindowPos2f glWindowPos2f_

#define BIG_W 1048576
#define BIG_H 8

static void
expect_pixel(int x, int y, const GLubyte want[4], const char *what)
{
   GLubyte got[4];
   glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, got);
   if (memcmp(got, want, 4))
      test_fail("%s: pixel (%d, %d) is %u %u %u %u, expected %u %u %u %u", what, x, y, got[0],
                got[1], got[2], got[3], want[0], want[1], want[2], want[3]);
}

static void
clear(void)
{
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);
}

static void
draw_pixels_huge(void)
{
   /* every pixel differs from its neighbour: no run of equal pixels */
   GLubyte *img = malloc((size_t)BIG_W * BIG_H * 4);
   for (size_t j = 0; j < BIG_H; j++)
      for (size_t i = 0; i < BIG_W; i++) {
         GLubyte *p = img + (j * BIG_W + i) * 4;
         p[0] = (GLubyte)i;
         p[1] = (GLubyte)(j * 16);
         p[2] = (GLubyte)(i >> 8);
         p[3] = 255;
      }

   clear();
   glWindowPos2i(0, 0);
   glDrawPixels(BIG_W, BIG_H, GL_RGBA, GL_UNSIGNED_BYTE, img);
   regress_expect_error(GL_NO_ERROR, "glDrawPixels 1048576 x 8");
   expect_pixel(10, 3, (const GLubyte[4]){ 10, 48, 0, 255 }, "glDrawPixels 1048576 x 8");
   expect_pixel(63, 7, (const GLubyte[4]){ 63, 112, 0, 255 }, "glDrawPixels 1048576 x 8");

   /* most of the image to the left of the window */
   clear();
   glWindowPos2i(-1000000, 10);
   glDrawPixels(BIG_W, BIG_H, GL_RGBA, GL_UNSIGNED_BYTE, img);
   regress_expect_error(GL_NO_ERROR, "glDrawPixels 1048576 x 8 at x = -1000000");
   /* window x 5 shows image pixel 1000005 = 0x0f4245 */
   expect_pixel(5, 12, (const GLubyte[4]){ 0x45, 32, 0x42, 255 }, "glDrawPixels at x = -1000000");

   /* negative zoom: drawn leftwards from x = 64 */
   clear();
   glWindowPos2i(64, 0);
   glPixelZoom(-1.0f, 1.0f);
   glDrawPixels(BIG_W, BIG_H, GL_RGBA, GL_UNSIGNED_BYTE, img);
   regress_expect_error(GL_NO_ERROR, "glDrawPixels 1048576 x 8, zoom -1");
   expect_pixel(63, 0, (const GLubyte[4]){ 0, 0, 0, 255 }, "glDrawPixels, zoom -1");
   expect_pixel(0, 1, (const GLubyte[4]){ 63, 16, 0, 255 }, "glDrawPixels, zoom -1");

   /* zoom 2, through the scissor box */
   clear();
   glPixelZoom(2.0f, 2.0f);
   glWindowPos2i(0, 0);
   glEnable(GL_SCISSOR_TEST);
   glScissor(8, 0, 8, 48);
   glDrawPixels(BIG_W, BIG_H, GL_RGBA, GL_UNSIGNED_BYTE, img);
   regress_expect_error(GL_NO_ERROR, "glDrawPixels 1048576 x 8, zoom 2, scissor");
   glDisable(GL_SCISSOR_TEST);
   expect_pixel(9, 5, (const GLubyte[4]){ 4, 32, 0, 255 }, "glDrawPixels, zoom 2");
   expect_pixel(20, 5, (const GLubyte[4]){ 0, 0, 0, 0 }, "glDrawPixels, zoom 2, scissored");

   /* zoom 1/2: every other image pixel shows; -1/2 from x = 64 leftwards */
   clear();
   glPixelZoom(0.5f, 0.5f);
   glWindowPos2i(0, 0);
   glDrawPixels(BIG_W, BIG_H, GL_RGBA, GL_UNSIGNED_BYTE, img);
   regress_expect_error(GL_NO_ERROR, "glDrawPixels 1048576 x 8, zoom 1/2");
   expect_pixel(10, 1, (const GLubyte[4]){ 21, 48, 0, 255 }, "glDrawPixels, zoom 1/2");
   expect_pixel(10, 4, (const GLubyte[4]){ 0, 0, 0, 0 }, "glDrawPixels, zoom 1/2 (above)");
   clear();
   glPixelZoom(-0.5f, 0.5f);
   glWindowPos2i(64, 0);
   glDrawPixels(BIG_W, BIG_H, GL_RGBA, GL_UNSIGNED_BYTE, img);
   regress_expect_error(GL_NO_ERROR, "glDrawPixels 1048576 x 8, zoom -1/2");
   expect_pixel(63, 0, (const GLubyte[4]){ 0, 16, 0, 255 }, "glDrawPixels, zoom -1/2");
   expect_pixel(53, 0, (const GLubyte[4]){ 20, 16, 0, 255 }, "glDrawPixels, zoom -1/2");

   /* hostile zooms and raster positions: nothing or something, no UB */
   static const float zooms[][2] = {
      { 1e30f, 1.0f }, { -1e30f, -1e30f }, { INFINITY, 1.0f }, { NAN, 1.0f },
      { 1.0f, -INFINITY }, { 0.0f, 1.0f }, { 1e-30f, 1e-30f }, { -0.25f, 0.5f },
   };
   for (unsigned k = 0; k < sizeof zooms / sizeof zooms[0]; k++) {
      glPixelZoom(zooms[k][0], zooms[k][1]);
      glWindowPos2i(3, 3);
      glDrawPixels(BIG_W, BIG_H, GL_RGBA, GL_UNSIGNED_BYTE, img);
      regress_expect_error(GL_NO_ERROR, "glDrawPixels with a hostile zoom");
      glDrawPixels(BIG_W, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, img);
      regress_expect_error(GL_NO_ERROR, "glDrawPixels(GL_STENCIL_INDEX) with a hostile zoom");
      glDrawPixels(BIG_W, 1, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, img);
      regress_expect_error(GL_NO_ERROR, "glDrawPixels(GL_DEPTH_COMPONENT) with a hostile zoom");
      glCopyPixels(0, 0, 64, 48, GL_COLOR);
      regress_expect_error(GL_NO_ERROR, "glCopyPixels with a hostile zoom");
      glCopyPixels(0, 0, 64, 48, GL_STENCIL);
      regress_expect_error(GL_NO_ERROR, "glCopyPixels(GL_STENCIL) with a hostile zoom");
   }
   glPixelZoom(1.0f, 1.0f);
   static const float positions[][2] = {
      { 1e30f, 0.0f }, { -1e30f, 0.0f }, { 3e9f, -3e9f }, { 2147483520.0f, 0.0f },
   };
   for (unsigned k = 0; k < sizeof positions / sizeof positions[0]; k++) {
      glWindowPos2f(positions[k][0], positions[k][1]);
      glDrawPixels(BIG_W, BIG_H, GL_RGBA, GL_UNSIGNED_BYTE, img);
      regress_expect_error(GL_NO_ERROR, "glDrawPixels at a hostile raster position");
      glDrawPixels(BIG_W, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, img);
      regress_expect_error(GL_NO_ERROR, "glDrawPixels(GL_STENCIL_INDEX) far away");
   }
   free(img);
}

static void
bitmap_huge(void)
{
   const GLsizei w = 16777216, h = 35;
   size_t size = (size_t)w / 8 * h;   /* rows of 2 MiB: aligned for any alignment */
   GLubyte *bits = malloc(size);
   memset(bits, 0xff, size);

   clear();
   glColor4f(0.0f, 1.0f, 0.0f, 1.0f);
   glWindowPos2i(0, 0);
   glBitmap(w, h, 0.0f, 0.0f, 5.5f, 2.0f, bits);
   regress_expect_error(GL_NO_ERROR, "glBitmap 16777216 x 35");
   expect_pixel(63, 34, (const GLubyte[4]){ 0, 255, 0, 255 }, "glBitmap 16777216 x 35");
   expect_pixel(63, 35, (const GLubyte[4]){ 0, 0, 0, 0 }, "glBitmap 16777216 x 35 (above)");
   GLfloat pos[4];
   glGetFloatv(GL_CURRENT_RASTER_POSITION, pos);
   if (pos[0] != 5.5f || pos[1] != 2.0f)
      test_fail("glBitmap moved the raster position to %g, %g; expected 5.5, 2", pos[0], pos[1]);

   /* far to the left: the last columns land */
   clear();
   glWindowPos2i(-(w - 4), 0);
   glBitmap(w, h, 0.0f, 0.0f, 0.0f, 0.0f, bits);
   regress_expect_error(GL_NO_ERROR, "glBitmap 16777216 x 35 at x = -(w - 4)");
   expect_pixel(3, 0, (const GLubyte[4]){ 0, 255, 0, 255 }, "glBitmap at x = -(w - 4)");
   expect_pixel(4, 0, (const GLubyte[4]){ 0, 0, 0, 0 }, "glBitmap at x = -(w - 4)");

   /* hostile origins: no fragments, no UB, the move still applies */
   static const float origins[] = { 1e30f, -1e30f, INFINITY, NAN, 3e9f };
   for (unsigned k = 0; k < sizeof origins / sizeof origins[0]; k++) {
      glWindowPos2i(0, 0);
      glBitmap(w, h, origins[k], -origins[k], 1.0f, 0.0f, bits);
      regress_expect_error(GL_NO_ERROR, "glBitmap with a hostile origin");
   }
   glGetFloatv(GL_CURRENT_RASTER_POSITION, pos);
   if (pos[0] != 1.0f || pos[1] != 0.0f)
      test_fail("glBitmap moved the raster position to %g, %g; expected 1, 0", pos[0], pos[1]);
   free(bits);
}

static void
read_pixels_wide(void)
{
   /* 1048576 x 2 from x = -1000: only 64 x 2 pixels exist; the rest of the
    * client image keeps its bytes */
   clear();
   size_t size = (size_t)BIG_W * 2 * 4;
   GLubyte *out = malloc(size);
   memset(out, 0xab, size);
   glReadPixels(-1000, 0, BIG_W, 2, GL_RGBA, GL_UNSIGNED_BYTE, out);
   regress_expect_error(GL_NO_ERROR, "glReadPixels 1048576 x 2 at x = -1000");
   if (out[999 * 4] != 0xab || out[1000 * 4] != 0 || out[1063 * 4 + 3] != 0 ||
       out[1064 * 4] != 0xab || out[size - 1] != 0xab)
      test_fail("glReadPixels 1048576 x 2 wrote outside the read buffer's pixels");
   free(out);
}

static void
span_overflow(void)
{
   /* row length and skip rows at INT_MAX: the image spans 2^66 bytes */
   GLfloat px[4] = { 1, 1, 1, 1 };
   glPixelStorei(GL_UNPACK_ROW_LENGTH, INT_MAX);
   glPixelStorei(GL_UNPACK_SKIP_ROWS, INT_MAX);
   glPixelStorei(GL_UNPACK_SKIP_PIXELS, INT_MAX);
   glWindowPos2i(0, 0);
   glDrawPixels(1, 1, GL_RGBA, GL_FLOAT, px);
   regress_expect_error(GL_INVALID_OPERATION, "glDrawPixels with a 2^66-byte image span");
   glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
   glPixelStorei(GL_UNPACK_SKIP_ROWS, 0);
   glPixelStorei(GL_UNPACK_SKIP_PIXELS, 0);

   glPixelStorei(GL_PACK_ROW_LENGTH, INT_MAX);
   glPixelStorei(GL_PACK_SKIP_ROWS, INT_MAX);
   glReadPixels(0, 0, 1, 1, GL_RGBA, GL_FLOAT, px);
   regress_expect_error(GL_INVALID_OPERATION, "glReadPixels with a 2^66-byte image span");
   glPixelStorei(GL_PACK_ROW_LENGTH, 0);
   glPixelStorei(GL_PACK_SKIP_ROWS, 0);
}

int
main(void)
{
   int rc = regress_setup(REGRESS_GL_COMPAT);
   if (rc != TEST_PASS)
      return rc;

   glWindowPos2i_ = REGRESS_PROC(PFNGLWINDOWPOS2IPROC, glWindowPos2i);
   glWindowPos2f_ = REGRESS_PROC(PFNGLWINDOWPOS2FPROC, glWindowPos2f);

   draw_pixels_huge();
   bitmap_huge();
   read_pixels_wide();
   span_overflow();

   regress_context_alive("after the huge pixel rectangles");
   return regress_finish("regress-pixel-huge");
}
