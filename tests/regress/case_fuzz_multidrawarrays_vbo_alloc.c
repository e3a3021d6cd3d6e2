/*
 * Found by gl-fuzz (tests/fuzz) and minimised to 4 step(s):
 *   gl-fuzz --api gl --calls 300 --replay 335 --steps 71,130,142,168 --skip 71:0,71:2,130:0,130:1,130:2,130:3,130:4,142:0,142:1,142:3,142:4,142:5,168:0,168:1,168:2,168:3
 * Finding: asan:allocator in glMultiDrawArrays: st_draw_arrays_range st_array.c:358
 * GL_RENDERER at writing time: Pony refpipe
 * The expected errors are what the driver raised at writing time; check
 * them against the spec before registering this case.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "regress.h"

/* The fuzzer's fill of glMultiDraw* first[] and count[]. */
static void
fz_fill_int(GLint *p, size_t n, unsigned key, unsigned mod)
{
   for (size_t i = 0; i < n; i++)
      p[i] = mod ? (GLint)(((i * 2654435761u + key) >> 13) % mod) : 0;
}

int
main(void)
{
   int rc = regress_setup(REGRESS_GL_COMPAT);
   if (rc != TEST_PASS)
      return rc;

   /* step 71 */
   ((void (GLAPIENTRY *)(GLenum, GLuint))regress_proc("glBindBuffer"))(0x8892 /* GL_ARRAY_BUFFER */, 1);
   regress_expect_error(0x0000 /* GL_NO_ERROR */, "glBindBuffer (step 71)");
   /* step 130 */
   /* step 142 */
   ((void (GLAPIENTRY *)(GLenum, GLsizei, const void *))regress_proc("glInterleavedArrays"))(0x2a2d /* GL_T4F_C4F_N3F_V4F */, 16, (void *)(uintptr_t)1048576);
   regress_expect_error(0x0000 /* GL_NO_ERROR */, "glInterleavedArrays (step 142)");
   /* step 168 */
   static GLint *b4; b4 = malloc(24); fz_fill_int(b4, 6, 3593599257u, 64);static const GLsizei b5[6] = { 20, 46, 7, 8192, 2, (GLsizei)1073741824LL };
   ((void (GLAPIENTRY *)(GLenum, const GLint *, const GLsizei *, GLsizei))regress_proc("glMultiDrawArrays"))(0x1 /* GL_TRUE */, (void *)b4, (void *)b5, 6);
   /* The arrays live in an empty buffer object: no vertex exists, nothing is
    * drawn, nothing is allocated per vertex (it used to ask for 240 GB) */
   regress_expect_error(GL_NO_ERROR, "glMultiDrawArrays from an empty buffer");

   regress_context_alive("after the calls");
   return regress_finish("fuzz-multidrawarrays-vbo-alloc");
}
