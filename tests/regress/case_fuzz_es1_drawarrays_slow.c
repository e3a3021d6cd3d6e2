/*
 * Found by gl-fuzz (tests/fuzz) and minimised to 3 step(s):
 *   gl-fuzz --api gles1 --calls 300 --replay 51 --steps 82,156,161 --skip 82:0,82:2,156:0,156:3,156:4,161:0,161:1
 * Finding: slow in glDrawArrays: ran over the time limit
 * GL_RENDERER at writing time: Pony refpipe
 * The expected errors are what the driver raised at writing time; check
 * them against the spec before registering this case.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "regress.h"

int
main(void)
{
   int rc = regress_setup(REGRESS_GLES1);
   if (rc != TEST_PASS)
      return rc;

   /* step 82 */
   ((void (GLAPIENTRY *)(GLenum, GLuint))regress_proc("glBindBuffer"))(0x8892 /* GL_ARRAY_BUFFER */, 1);
   regress_expect_error(0x0000 /* GL_NO_ERROR */, "glBindBuffer (step 82)");
   /* step 156 */
   ((void (GLAPIENTRY *)(GLenum))regress_proc("glEnableClientState"))(0x8074 /* GL_VERTEX_ARRAY */);
   regress_expect_error(0x0000 /* GL_NO_ERROR */, "glEnableClientState (step 156)");
   ((void (GLAPIENTRY *)(GLint, GLenum, GLsizei, const void *))regress_proc("glVertexPointer"))(2, 0x1406 /* GL_FLOAT */, 0, (void *)(uintptr_t)2);
   regress_expect_error(0x0000 /* GL_NO_ERROR */, "glVertexPointer (step 156)");
   /* step 161 */
   ((void (GLAPIENTRY *)(GLenum, GLint, GLsizei))regress_proc("glDrawArrays"))(0x9 /* GL_POLYGON */, 43, (GLsizei)16777216LL);
   /* ES 1.1 has no GL_POLYGON (nor quads): GL_INVALID_ENUM before any work */
   regress_expect_error(GL_INVALID_ENUM, "ES 1.1 glDrawArrays(GL_POLYGON)");
   /* The same draw with an ES primitive: the positions live in an empty
    * buffer object, so no vertex exists and nothing is drawn (it used to
    * fetch and rasterise 2^24 vertices) */
   ((void (GLAPIENTRY *)(GLenum, GLint, GLsizei))regress_proc("glDrawArrays"))(GL_TRIANGLES, 43, (GLsizei)16777216LL);
   regress_expect_error(GL_NO_ERROR, "ES 1.1 glDrawArrays(GL_TRIANGLES) from an empty buffer");

   regress_context_alive("after the calls");
   return regress_finish("fuzz-es1-drawarrays-slow");
}
