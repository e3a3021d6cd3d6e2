/*
 * glMap1/glMap2 compiled into a display list read the control points
 * before checking the arguments: glMap2d(GL_MAP2_VERTEX_3, ..., uorder 157)
 * read 157 x 3 doubles from a 16-byte array (the list code allowed orders
 * up to 1024 instead of GL_MAX_EVAL_ORDER and did not check the domain).
 * An order outside [1, GL_MAX_EVAL_ORDER], a stride below the target's
 * component count or an empty domain is GL_INVALID_VALUE, raised when the
 * list executes (GL 2.1 5.4: the command is compiled; its error belongs to
 * its execution), and nothing is read.  Valid maps still compile.
 */
#include <stdlib.h>
#include <string.h>

#include "guard_page.h"
#include "regress.h"

int
main(void)
{
   int rc = regress_setup(REGRESS_GL_COMPAT);
   if (rc != TEST_PASS)
      return rc;

   GLint max_order = 0;
   glGetIntegerv(GL_MAX_EVAL_ORDER, &max_order);
   if (max_order < 8 || max_order >= 157)
      test_fail("GL_MAX_EVAL_ORDER %d", max_order);

   /* 16 bytes, as in the report: no valid GL_MAP2_VERTEX_3 call reads them */
   const GLdouble *pd = guard_page_alloc(16);
   const GLfloat *pf = guard_page_alloc(16);
   GLuint l = glGenLists(1);

   glNewList(l, GL_COMPILE);
   glMap2d(GL_MAP2_VERTEX_3, 0, 1, 3, 157, 0, 1, 3 * 157, 1, pd);
   glEndList();
   regress_call_list_expect(l, GL_INVALID_VALUE, "listed glMap2d uorder 157");

   glNewList(l, GL_COMPILE);
   glMap2d(GL_MAP2_VERTEX_3, 0, 1, 3, 2, 0, 1, 6, max_order + 1, pd);
   glEndList();
   regress_call_list_expect(l, GL_INVALID_VALUE, "listed glMap2d vorder GL_MAX_EVAL_ORDER + 1");

   glNewList(l, GL_COMPILE);
   glMap2f(GL_MAP2_VERTEX_3, 0, 1, 2, 8, 0, 1, 24, 8, pf);
   glEndList();
   regress_call_list_expect(l, GL_INVALID_VALUE, "listed glMap2f ustride 2");

   glNewList(l, GL_COMPILE);
   glMap2f(GL_MAP2_VERTEX_3, 0, 1, 24, 8, 0, 1, 0, 8, pf);
   glEndList();
   regress_call_list_expect(l, GL_INVALID_VALUE, "listed glMap2f vstride 0");

   glNewList(l, GL_COMPILE);
   glMap2d(GL_MAP2_VERTEX_3, 0, 1, 3, 8, 0.5, 0.5, 24, 8, pd);
   glEndList();
   regress_call_list_expect(l, GL_INVALID_VALUE, "listed glMap2d v1 == v2");

   glNewList(l, GL_COMPILE);
   glMap1d(GL_MAP1_VERTEX_4, 2, 2, 4, 8, pd);
   glEndList();
   regress_call_list_expect(l, GL_INVALID_VALUE, "listed glMap1d u1 == u2");

   glNewList(l, GL_COMPILE);
   glMap1f(GL_MAP1_VERTEX_3, 0, 1, 3, max_order + 1, pf);
   glEndList();
   regress_call_list_expect(l, GL_INVALID_VALUE, "listed glMap1f order GL_MAX_EVAL_ORDER + 1");

   glNewList(l, GL_COMPILE);
   glMap1f(GL_MAP1_VERTEX_3, 0, 1, 3, 0, pf);
   glEndList();
   regress_call_list_expect(l, GL_INVALID_VALUE, "listed glMap1f order 0");

   glNewList(l, GL_COMPILE);
   glMap1f(GL_MAP2_VERTEX_3, 0, 1, 3, 2, pf);
   glEndList();
   regress_call_list_expect(l, GL_INVALID_ENUM, "listed glMap1f with a MAP2 target");

   /* GL_COMPILE_AND_EXECUTE: the error at once, and again at glCallList */
   glNewList(l, GL_COMPILE_AND_EXECUTE);
   glMap2d(GL_MAP2_VERTEX_3, 0, 1, 3, 157, 0, 1, 3 * 157, 1, pd);
   regress_expect_error(GL_INVALID_VALUE, "glMap2d uorder 157, compile and execute");
   glEndList();
   regress_call_list_expect(l, GL_INVALID_VALUE,
                            "glMap2d uorder 157 compiled and executed, called");

   /* outside a list */
   glMap2d(GL_MAP2_VERTEX_3, 0, 1, 3, 157, 0, 1, 3 * 157, 1, pd);
   regress_expect_error(GL_INVALID_VALUE, "glMap2d uorder 157");
   glMap1f(GL_MAP1_VERTEX_3, 0, 1, 3, max_order + 1, pf);
   regress_expect_error(GL_INVALID_VALUE, "glMap1f order GL_MAX_EVAL_ORDER + 1");

   /* a valid map read from exactly its 2 x 3 floats, at an odd address */
   unsigned char *raw = guard_page_alloc(6 * sizeof(GLfloat) + 1);
   static const GLfloat pts[6] = { 1, 2, 3, 4, 5, 6 };
   memcpy(raw + 1, pts, sizeof pts);
   glNewList(l, GL_COMPILE);
   glMap1f(GL_MAP1_VERTEX_3, 0, 1, 3, 2, (const GLfloat *)(const void *)(raw + 1));
   glEndList();
   regress_expect_error(GL_NO_ERROR, "valid listed glMap1f");
   glCallList(l);
   regress_expect_error(GL_NO_ERROR, "valid listed glMap1f, called");
   GLint order = 0;
   GLfloat got[6] = { 0 };
   glGetMapiv(GL_MAP1_VERTEX_3, GL_ORDER, &order);
   glGetMapfv(GL_MAP1_VERTEX_3, GL_COEFF, got);
   if (order != 2 || memcmp(got, pts, sizeof pts) != 0)
      test_fail("listed glMap1f: order %d, coefficients %g %g %g %g %g %g", order, got[0],
                got[1], got[2], got[3], got[4], got[5]);

   glDeleteLists(l, 1);
   regress_context_alive("after the listed maps");
   return regress_finish("regress-dlist-map-args");
}
