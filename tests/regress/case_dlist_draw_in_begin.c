/*
 * An array draw compiled with GL_COMPILE_AND_EXECUTE between glBegin and
 * glEnd can only fail (GL_INVALID_OPERATION), yet the list code read its
 * indices and vertices to record them: glDrawRangeElementsEXT with an
 * offset-like index pointer (64) segfaulted (found by gl-fuzz, seed 24605).
 * Nothing may be read; the indices and the vertex array here point at an
 * inaccessible page.
 */
#include "guard_page.h"
#include "regress.h"

int
main(void)
{
   int rc = regress_setup(REGRESS_GL_COMPAT);
   if (rc != TEST_PASS)
      return rc;
   PFNGLDRAWRANGEELEMENTSPROC draw_range =
      REGRESS_PROC(PFNGLDRAWRANGEELEMENTSPROC, glDrawRangeElements);

   const void *nothing = guard_page_alloc(0);   /* any read faults */
   glVertexPointer(2, GL_FLOAT, 0, nothing);
   glEnableClientState(GL_VERTEX_ARRAY);

   GLuint l = glGenLists(1);
   glNewList(l, GL_COMPILE_AND_EXECUTE);
   glBegin(GL_LINE_LOOP);
   draw_range(GL_POINTS, 0, 3, 4, GL_UNSIGNED_INT, nothing);
   glDrawElements(GL_POINTS, 4, GL_UNSIGNED_INT, nothing);
   glDrawArrays(GL_POINTS, 0, 4);
   glEnd();
   glEndList();
   regress_expect_error(GL_INVALID_OPERATION, "array draws inside glBegin/glEnd, compiled and executed");

   /* the list replays its own glBegin, so its draws fail again, still
    * reading nothing */
   glCallList(l);
   regress_expect_error(GL_INVALID_OPERATION, "the list replayed");

   glDisableClientState(GL_VERTEX_ARRAY);
   glDeleteLists(l, 1);
   regress_context_alive("after the listed draws");
   return regress_finish("regress-dlist-draw-in-begin");
}
