/*
 * Found by gl-fuzz (tests/fuzz) and minimised to 2 step(s):
 *   gl-fuzz --api gl --calls 300 --replay 18 --steps 179,201 --skip 179:0
 * Finding: ubsan:api_pixeltransfer.c:221 in glGetPixelMapusv: store to misaligned address 0x61d000019a83 for type 'GLushort', which requires 2 byte alignment
 * GL_RENDERER at writing time: Pony refpipe
 * The expected errors are what the driver raised at writing time; check
 * them against the spec before registering this case.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "regress.h"

/* The fuzzer's fill pattern of client buffers. */
static void
fz_fill(unsigned char *p, size_t n, unsigned key)
{
   for (size_t i = 0; i < n; i++)
      p[i] = (unsigned char)((i * 2654435761u + key) >> 13);
}

int
main(void)
{
   int rc = regress_setup(REGRESS_GL_COMPAT);
   if (rc != TEST_PASS)
      return rc;

   /* step 179 */
   ((void (GLAPIENTRY *)(GLenum, GLuint))regress_proc("glBindBuffer"))(0x88eb /* GL_PIXEL_PACK_BUFFER */, 1);
   regress_expect_error(0x0000 /* GL_NO_ERROR */, "glBindBuffer (step 179)");
   static unsigned char *b1; b1 = malloc(2224); fz_fill(b1, 2224, 839843830u);
   ((void (GLAPIENTRY *)(GLenum, GLsizeiptr, const void *, GLenum))regress_proc("glBufferData"))(0x88eb /* GL_PIXEL_PACK_BUFFER */, 2224, (void *)b1, 0x88e4 /* GL_STATIC_DRAW */);
   regress_expect_error(0x0000 /* GL_NO_ERROR */, "glBufferData (step 179)");
   /* step 201 */
   ((void (GLAPIENTRY *)(GLenum, GLushort *))regress_proc("glGetPixelMapusv"))(0xc79 /* GL_PIXEL_MAP_A_TO_A */, (void *)(uintptr_t)3);
   /* FIXME: ubsan:api_pixeltransfer.c:221 in the call above (store to misaligned address 0x61d000019a83 for type 'GLushort', which requires 2 byte alignment) */

   regress_context_alive("after the calls");
   return regress_finish("fuzz-getpixelmap-misaligned");
}
