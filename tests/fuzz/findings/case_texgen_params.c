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
   /* FIXME: asan:heap-buffer-overflow in the call above (api_glTexGeniv api_texenv.c:447) */

   regress_context_alive("after the calls");
   return regress_finish("fuzz-texgen-params");
}
