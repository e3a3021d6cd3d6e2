/*
 * A list that calls itself twice runs 2^64 lists within the nesting limit
 * of 64 (GL 2.1 5.4 only bounds the depth): glCallList never returned.
 * One top-level call may run at most ST_MAX_LIST_CALLS nested lists;
 * further calls are ignored, like calls beyond the nesting limit.  The
 * draws of the nested lists spend the same budget (a self-calling list of
 * two draws took over a second of CPU with 2^18 calls: gl-fuzz seed 401232).
 * Also: glCallLists reads names of any type at any alignment.
 */
#include <string.h>

#include "guard_page.h"
#include "regress.h"

/* The rule of docs/robustness.md, modelled: list executions (each drawing
 * one point) of a top-level glCallList of a list that draws a point and
 * calls itself twice. */
#define BUDGET (1ul << 17)   /* ST_MAX_LIST_CALLS */
#define NESTING 64

static unsigned long model_run(unsigned depth, unsigned long *left);

static unsigned long
model_call(unsigned depth, unsigned long *left)
{
   if (depth >= NESTING)
      return 0;
   if (depth == 0)
      *left = BUDGET;
   else if (*left == 0)
      return 0;
   else
      (*left)--;
   return model_run(depth + 1, left);
}

static unsigned long
model_run(unsigned depth, unsigned long *left)
{
   if (depth >= 2 && *left)   /* the point drawn by a nested list */
      (*left)--;
   unsigned long n = 1;
   n += model_call(depth, left);
   n += model_call(depth, left);
   return n;
}

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

   /* a point per list execution, counted by an occlusion query: the
    * nested lists' draws spend the call budget too */
   PFNGLGENQUERIESPROC gen_queries = REGRESS_PROC(PFNGLGENQUERIESPROC, glGenQueries);
   PFNGLBEGINQUERYPROC begin_query = REGRESS_PROC(PFNGLBEGINQUERYPROC, glBeginQuery);
   PFNGLENDQUERYPROC end_query = REGRESS_PROC(PFNGLENDQUERYPROC, glEndQuery);
   PFNGLGETQUERYOBJECTUIVPROC get_query =
      REGRESS_PROC(PFNGLGETQUERYOBJECTUIVPROC, glGetQueryObjectuiv);
   PFNGLDELETEQUERIESPROC delete_queries =
      REGRESS_PROC(PFNGLDELETEQUERIESPROC, glDeleteQueries);
   glNewList(l, GL_COMPILE);
   glBegin(GL_POINTS);
   glVertex2f(0.0f, 0.0f);
   glEnd();
   glCallList(l);
   glCallList(l);
   glEndList();
   GLuint q = 0;
   gen_queries(1, &q);
   glDisable(GL_DEPTH_TEST);
   begin_query(GL_SAMPLES_PASSED, q);
   glCallList(l);
   end_query(GL_SAMPLES_PASSED);
   GLuint drawn = 0;
   get_query(q, GL_QUERY_RESULT, &drawn);
   delete_queries(1, &q);
   regress_expect_error(GL_NO_ERROR, "glCallList of a self-calling list that draws");
   unsigned long left = 0, expected = model_call(0, &left);
   if (drawn != expected || expected >= BUDGET)
      test_fail("self-calling list drew %u points, expected %lu (budget %lu)", drawn,
                expected, BUDGET);

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
    * to list 0): one call runs at most 2^17 lists (ST_MAX_LIST_CALLS), so
    * only that many names are read, from a buffer ending at an inaccessible
    * page; executed, and compiled into a list and called */
   const size_t budget = BUDGET;
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
