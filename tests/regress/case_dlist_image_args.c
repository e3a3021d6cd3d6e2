/*
 * The display-list save functions of the image commands copied client
 * memory before validating: glTexSubImage1D(xoffset INT_MAX, width 65536)
 * compiled into a list copied 256 KiB from the caller although the call
 * can only fail (offset + width is beyond any texture), and the
 * size arithmetic (row x height x depth) could overflow.  A call that
 * fails whatever the state (negative size, bad level/border/target,
 * offset + size beyond the largest texture, bad internal format or
 * format/type) is recorded
 * without reading anything and raises its error when the list executes;
 * an image too large for a list is GL_OUT_OF_MEMORY at compile time.
 */
#include <limits.h>
#include <stdint.h>
#include <string.h>

#include "guard_page.h"
#include "regress.h"

int
main(void)
{
   int rc = regress_setup(REGRESS_GL_COMPAT);
   if (rc != TEST_PASS)
      return rc;

   /* a 16-texel 1D texture and a 4x4 2D texture to update */
   GLuint tex[2];
   glGenTextures(2, tex);
   glBindTexture(GL_TEXTURE_1D, tex[0]);
   glTexImage1D(GL_TEXTURE_1D, 0, GL_RGBA8, 16, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   glBindTexture(GL_TEXTURE_2D, tex[1]);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   regress_expect_error(GL_NO_ERROR, "setup");

   /* 16 bytes: what a 4-texel RGBA8 update reads; the failing calls below
    * ask for far more and must read none of it */
   const void *px = guard_page_alloc(16);
   GLuint l = glGenLists(1);

   glNewList(l, GL_COMPILE);
   glTexSubImage1D(GL_TEXTURE_1D, 0, INT_MAX, 65536, GL_RGBA, GL_UNSIGNED_BYTE, px);
   glEndList();
   regress_call_list_expect(l, GL_INVALID_VALUE,
                            "listed glTexSubImage1D xoffset INT_MAX width 65536");

   glNewList(l, GL_COMPILE);
   glTexSubImage2D(GL_TEXTURE_2D, 0, 0, INT_MAX - 2, 4, 65536, GL_RGBA, GL_UNSIGNED_BYTE, px);
   glEndList();
   regress_call_list_expect(l, GL_INVALID_VALUE, "listed glTexSubImage2D yoffset INT_MAX - 2");

   glNewList(l, GL_COMPILE);
   glTexSubImage2D(GL_TEXTURE_2D, 0, -70000, 0, 65536, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   glEndList();
   regress_call_list_expect(l, GL_INVALID_VALUE, "listed glTexSubImage2D xoffset -70000");

   glNewList(l, GL_COMPILE);
   glTexSubImage2D(GL_TEXTURE_2D, 40, 0, 0, 4096, 4096, GL_RGBA, GL_UNSIGNED_BYTE, px);
   glEndList();
   regress_call_list_expect(l, GL_INVALID_VALUE, "listed glTexSubImage2D level 40");

   glNewList(l, GL_COMPILE);
   glTexSubImage2D(GL_TEXTURE_3D, 0, 0, 0, 4096, 4096, GL_RGBA, GL_UNSIGNED_BYTE, px);
   glEndList();
   regress_call_list_expect(l, GL_INVALID_ENUM, "listed glTexSubImage2D GL_TEXTURE_3D");

   glNewList(l, GL_COMPILE);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 65536, 65536, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
   glEndList();
   regress_call_list_expect(l, GL_INVALID_VALUE, "listed glTexImage2D 65536 x 65536");

   glNewList(l, GL_COMPILE);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 64, 64, 7, GL_RGBA, GL_UNSIGNED_BYTE, px);
   glEndList();
   regress_call_list_expect(l, GL_INVALID_VALUE, "listed glTexImage2D border 7");

   glNewList(l, GL_COMPILE);
   glTexImage2D(GL_TEXTURE_2D, 0, 0x1234, 64, 64, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
   glEndList();
   regress_call_list_expect(l, GL_INVALID_VALUE, "listed glTexImage2D internal format 0x1234");

   glNewList(l, GL_COMPILE);
   glTexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, 4096, 4096, 4096, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
   glEndList();
   regress_call_list_expect(l, GL_INVALID_VALUE, "listed glTexImage3D 4096^3");

   glNewList(l, GL_COMPILE);
   glTexImage1D(GL_TEXTURE_1D, 0, GL_RGBA8, 64, 0, GL_RGBA, GL_BITMAP, px);
   glEndList();
   regress_call_list_expect(l, GL_INVALID_ENUM, "listed glTexImage1D type GL_BITMAP");

   glNewList(l, GL_COMPILE);
   glDrawPixels(-1, 4, GL_RGBA, GL_UNSIGNED_BYTE, px);
   glEndList();
   regress_call_list_expect(l, GL_INVALID_VALUE, "listed glDrawPixels width -1");

   /* valid, but 2^36 bytes: too large to compile (nothing read) */
   glNewList(l, GL_COMPILE);
   glDrawPixels(65536, 65536, GL_RGBA, GL_FLOAT, px);
   regress_expect_error(GL_OUT_OF_MEMORY, "listed glDrawPixels of 64 GiB");
   glEndList();
   glNewList(l, GL_COMPILE);
   glBitmap(INT_MAX, INT_MAX, 0, 0, 0, 0, px);
   regress_expect_error(GL_OUT_OF_MEMORY, "listed glBitmap INT_MAX x INT_MAX");
   glEndList();

   /* a valid listed update reads exactly its 16 bytes, and lands */
   unsigned char *src = guard_page_alloc(16);
   for (unsigned i = 0; i < 16; i++)
      src[i] = (unsigned char)(0x10 + i);
   glNewList(l, GL_COMPILE);
   glTexSubImage1D(GL_TEXTURE_1D, 0, 12, 4, GL_RGBA, GL_UNSIGNED_BYTE, src);
   glEndList();
   memset(src, 0, 16);   /* the list holds its own copy */
   glCallList(l);
   regress_expect_error(GL_NO_ERROR, "valid listed glTexSubImage1D");
   unsigned char got[16 * 4];
   glPixelStorei(GL_PACK_ALIGNMENT, 1);
   glGetTexImage(GL_TEXTURE_1D, 0, GL_RGBA, GL_UNSIGNED_BYTE, got);
   for (unsigned i = 0; i < 16; i++)
      if (got[12 * 4 + i] != 0x10 + i) {
         test_fail("texel byte %u: 0x%02x, expected 0x%02x", 12 * 4 + i, got[12 * 4 + i],
                   0x10 + i);
         break;
      }

   glDeleteLists(l, 1);
   glDeleteTextures(2, tex);
   regress_context_alive("after the listed image commands");
   return regress_finish("regress-dlist-image-args");
}
