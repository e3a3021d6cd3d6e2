/*
 * Found by gl-fuzz (tests/fuzz) and minimised to 1 step(s):
 *   gl-fuzz --api gl --calls 300 --replay 3 --steps 283 --skip 283:0,283:1,283:2,283:3,283:4,283:5,283:6,283:7,283:8,283:9,283:10,283:11
 * Finding: asan:heap-buffer-overflow in glTexGeniv: api_glTexGeniv api_texenv.c:447
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
   int rc = regress_setup(REGRESS_GL_COMPAT);
   if (rc != TEST_PASS)
      return rc;

   /* step 283 */
   static const GLint b3[1] = { 1 };
   ((void (GLAPIENTRY *)(GLenum, GLenum, const GLint *))regress_proc("glTexGeniv"))(0x2003 /* GL_Q */, 0x803b /* GL_ALPHA4 */, (void *)b3);
   /* GL_ALPHA4 is no texgen pname: GL_INVALID_ENUM, read from a one-value
    * buffer without reading past it */
   regress_expect_error(GL_INVALID_ENUM, "glTexGeniv(GL_Q, GL_ALPHA4)");

   /* The mode reads one value, a plane four: each from a buffer exactly
    * that large */
   static const GLint mode[1] = { GL_OBJECT_LINEAR };
   glTexGeniv(GL_S, GL_TEXTURE_GEN_MODE, mode);
   regress_expect_error(GL_NO_ERROR, "glTexGeniv(GL_TEXTURE_GEN_MODE) from 1 value");
   GLfloat *plane = malloc(4 * sizeof *plane);
   plane[0] = 1.0f; plane[1] = 2.0f; plane[2] = 3.0f; plane[3] = 4.0f;
   glTexGenfv(GL_T, GL_OBJECT_PLANE, plane);
   regress_expect_error(GL_NO_ERROR, "glTexGenfv(GL_OBJECT_PLANE) from 4 values");
   GLfloat got[4] = { 0 };
   glGetTexGenfv(GL_T, GL_OBJECT_PLANE, got);
   if (got[0] != 1.0f || got[1] != 2.0f || got[2] != 3.0f || got[3] != 4.0f)
      test_fail("GL_OBJECT_PLANE reads back %g %g %g %g, expected 1 2 3 4", got[0], got[1],
                got[2], got[3]);
   free(plane);
   /* a float mode out of the int range names no mode (and converting it
    * to an integer would be undefined) */
   static const GLdouble huge[1] = { 1e300 };
   glTexGendv(GL_S, GL_TEXTURE_GEN_MODE, huge);
   regress_expect_error(GL_INVALID_ENUM, "glTexGendv(GL_TEXTURE_GEN_MODE, 1e300)");

   regress_context_alive("after the calls");
   return regress_finish("fuzz-texgen-params");
}
