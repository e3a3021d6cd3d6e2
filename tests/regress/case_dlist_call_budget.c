/*
 * A list that calls itself twice runs 2^64 lists within the nesting limit
 * of 64 (GL 2.1 5.4 only bounds the depth): glCallList never returned.
 * One top-level call may run at most ST_MAX_LIST_CALLS nested lists;
 * further calls are ignored, like calls beyond the nesting limit.  Also:
 * glCallLists reads names of any type at any alignment.
 */
#include <string.h>

#include "guard_page.h"
#include "regress.h"

int
main(void)
{
   int rc = regress_setup(REGRESS_GL_COMPAT);
   if (rc != TEST_PASS)
      return rc;

   GLuint l = glGenLists(3);
   glNewList(l, GL_COMPILE);
   glCallList(l);
   glCallList(l);
   glEndList();
   glCallList(l);
   regress_expect_error(GL_NO_ERROR, "glCallList of a list calling itself twice");
   glNewList(l + 1, GL_COMPILE);
   glCallList(l);
   glEndList();
   GLuint names[3] = { l, l + 1, l };
   glCallLists(3, GL_UNSIGNED_INT, names);
   regress_expect_error(GL_NO_ERROR, "glCallLists of self-calling lists");

   /* nesting still works: l + 1 translates by 1 and calls itself */
   glNewList(l + 1, GL_COMPILE);
   glTranslatef(1, 0, 0);
   glCallList(l + 1);
   glEndList();
   glMatrixMode(GL_MODELVIEW);
   glLoadIdentity();
   glCallList(l + 1);
   GLfloat m[16];
   glGetFloatv(GL_MODELVIEW_MATRIX, m);
   GLint depth = 0;
   glGetIntegerv(GL_MAX_LIST_NESTING, &depth);
   if (m[12] != (GLfloat)depth)
      test_fail("self-translating list moved %g, expected GL_MAX_LIST_NESTING %d", m[12], depth);
   glLoadIdentity();

   /* GL_4_BYTES names at an odd address, ending at an inaccessible page */
   unsigned char *raw = guard_page_alloc(9);
   raw[1] = (unsigned char)(l >> 24);
   raw[2] = (unsigned char)(l >> 16);
   raw[3] = (unsigned char)(l >> 8);
   raw[4] = (unsigned char)l;
   memcpy(raw + 5, raw + 1, 4);
   glCallLists(2, GL_4_BYTES, raw + 1);
   regress_expect_error(GL_NO_ERROR, "glCallLists GL_4_BYTES");

   /* glCallLists of 2^30 names (found by gl-fuzz, seed 364: 17 s of calls
    * to list 0): one call runs at most 2^18 lists (ST_MAX_LIST_CALLS), so
    * only that many names are read, from a buffer ending at an inaccessible
    * page; executed, and compiled into a list and called */
   const size_t budget = (size_t)1 << 18;
   unsigned char *zeros = guard_page_alloc(budget);
   memset(zeros, 0, budget);
   glCallLists(1 << 30, GL_UNSIGNED_BYTE, zeros);
   regress_expect_error(GL_NO_ERROR, "glCallLists(2^30 names)");
   glNewList(l + 2, GL_COMPILE);
   glCallLists(1 << 30, GL_UNSIGNED_BYTE, zeros);
   glEndList();
   regress_expect_error(GL_NO_ERROR, "glCallLists(2^30 names) compiled");
   glCallList(l + 2);
   regress_expect_error(GL_NO_ERROR, "a list of glCallLists(2^30 names)");

   glDeleteLists(l, 3);
   regress_context_alive("after the self-calling lists");
   return regress_finish("regress-dlist-call-budget");
}
