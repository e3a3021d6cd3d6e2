/*
 * Evaluator loops took their trip counts from GL arguments in GLint
 * counters: glEvalMesh1(GL_LINE, INT_MAX - 1, INT_MAX) (2 points) and
 * glEvalMesh2(GL_POINT, INT_MAX - 1, INT_MAX, 2, 32) (62 points) never
 * ended (i <= INT_MAX is always true; i++ overflows).  Grids are walked
 * with 64-bit counters; a mesh with no vertex map enabled draws nothing
 * without evaluating; a mesh above ST_EVAL_MAX_MESH_VERTICES is
 * GL_OUT_OF_MEMORY; glMapGrid with a count <= 0 is GL_INVALID_VALUE.
 */
#include <limits.h>
#include <stdlib.h>

#include "regress.h"

static unsigned
lit_pixels(void)
{
   unsigned char *p = malloc(REGRESS_W * REGRESS_H * 4);
   glReadPixels(0, 0, REGRESS_W, REGRESS_H, GL_RGBA, GL_UNSIGNED_BYTE, p);
   unsigned n = 0;
   for (unsigned i = 0; i < REGRESS_W * REGRESS_H; i++)
      n += p[4 * i] != 0;
   free(p);
   return n;
}

int
main(void)
{
   int rc = regress_setup(REGRESS_GL_COMPAT);
   if (rc != TEST_PASS)
      return rc;

   /* a line from (-0.5, 0) to (0.5, 0), and a flat patch */
   static const GLfloat line[6] = { -0.5f, 0, 0, 0.5f, 0, 0 };
   static const GLfloat patch[12] = { -0.5f, -0.5f, 0, 0.5f, -0.5f, 0,
                                      -0.5f, 0.5f, 0, 0.5f, 0.5f, 0 };
   glMap1f(GL_MAP1_VERTEX_3, 0, 1, 3, 2, line);
   glMap2f(GL_MAP2_VERTEX_3, 0, 1, 6, 2, 0, 1, 3, 2, patch);
   glEnable(GL_MAP1_VERTEX_3);
   glEnable(GL_MAP2_VERTEX_3);
   glColor4f(1, 1, 1, 1);
   glClearColor(0, 0, 0, 0);
   regress_expect_error(GL_NO_ERROR, "setup");

   /* the reported calls: 2 and 62 points at the far end of huge grids */
   glMapGrid1f(INT_MAX, 0, 1);
   glMapGrid2f(INT_MAX, 0, 1, INT_MAX, 0, 1);
   glEvalMesh1(GL_LINE, INT_MAX - 1, INT_MAX);
   regress_expect_error(GL_NO_ERROR, "glEvalMesh1(GL_LINE, INT_MAX - 1, INT_MAX)");
   glEvalMesh2(GL_POINT, INT_MAX - 1, INT_MAX, 2, 32);
   regress_expect_error(GL_NO_ERROR, "glEvalMesh2(GL_POINT, INT_MAX - 1, INT_MAX, 2, 32)");
   glEvalMesh2(GL_LINE, INT_MAX - 1, INT_MAX, INT_MAX - 3, INT_MAX);
   regress_expect_error(GL_NO_ERROR, "glEvalMesh2(GL_LINE, near INT_MAX)");
   glEvalMesh2(GL_FILL, INT_MIN, INT_MIN + 1, INT_MAX - 1, INT_MAX);
   regress_expect_error(GL_NO_ERROR, "glEvalMesh2(GL_FILL, INT_MIN.., ..INT_MAX)");
   glEvalMesh1(GL_POINT, INT_MAX, INT_MIN);
   regress_expect_error(GL_NO_ERROR, "glEvalMesh1 with i2 < i1");

   /* the same in a display list */
   GLuint l = glGenLists(1);
   glNewList(l, GL_COMPILE);
   glEvalMesh1(GL_LINE, INT_MAX - 1, INT_MAX);
   glEvalMesh2(GL_POINT, INT_MAX - 1, INT_MAX, 2, 32);
   glEndList();
   glCallList(l);
   regress_expect_error(GL_NO_ERROR, "listed meshes near INT_MAX");

   /* glEvalPoint at the ends of the int range */
   glBegin(GL_POINTS);
   glEvalPoint1(INT_MAX);
   glEvalPoint1(INT_MIN);
   glEvalPoint2(INT_MIN, INT_MAX);
   glEnd();
   regress_expect_error(GL_NO_ERROR, "glEvalPoint at INT_MIN / INT_MAX");

   /* astronomically large meshes: bounded, not run */
   glEvalMesh2(GL_FILL, 0, INT_MAX, 0, INT_MAX);
   regress_expect_error(GL_OUT_OF_MEMORY, "glEvalMesh2(GL_FILL, 0, INT_MAX, 0, INT_MAX)");
   glEvalMesh2(GL_POINT, INT_MIN, INT_MAX, INT_MIN, INT_MAX);
   regress_expect_error(GL_OUT_OF_MEMORY, "glEvalMesh2(GL_POINT, whole int range)");
   glEvalMesh1(GL_LINE, INT_MIN, INT_MAX);
   regress_expect_error(GL_OUT_OF_MEMORY, "glEvalMesh1(GL_LINE, whole int range)");
   /* ... and nothing to evaluate without a vertex map */
   glDisable(GL_MAP2_VERTEX_3);
   glEvalMesh2(GL_FILL, 0, INT_MAX, 0, INT_MAX);
   regress_expect_error(GL_NO_ERROR, "glEvalMesh2 over the int range, no vertex map");
   glEnable(GL_MAP2_VERTEX_3);

   /* glMapGrid counts must be positive */
   glMapGrid1f(0, 0, 1);
   regress_expect_error(GL_INVALID_VALUE, "glMapGrid1f(0)");
   glMapGrid1d(INT_MIN, 0, 1);
   regress_expect_error(GL_INVALID_VALUE, "glMapGrid1d(INT_MIN)");
   glMapGrid2f(4, 0, 1, -1, 0, 1);
   regress_expect_error(GL_INVALID_VALUE, "glMapGrid2f(vn -1)");
   GLint segs[2] = { 0, 0 };
   glGetIntegerv(GL_MAP2_GRID_SEGMENTS, segs);
   if (segs[0] != INT_MAX || segs[1] != INT_MAX)
      test_fail("GL_MAP2_GRID_SEGMENTS %d %d after refused glMapGrid2f", segs[0], segs[1]);

   /* a small mesh still draws: 3 points on the line, a filled patch */
   glClear(GL_COLOR_BUFFER_BIT);
   glMapGrid1f(2, 0, 1);
   glEvalMesh1(GL_POINT, 0, 2);
   unsigned points = lit_pixels();
   if (points != 3)
      test_fail("glEvalMesh1(GL_POINT, 0, 2): %u pixels lit, expected 3", points);
   glClear(GL_COLOR_BUFFER_BIT);
   glMapGrid2f(4, 0, 1, 4, 0, 1);
   glEvalMesh2(GL_FILL, 0, 4, 0, 4);
   unsigned fill = lit_pixels();
   if (fill < REGRESS_W * REGRESS_H / 5 || fill > REGRESS_W * REGRESS_H / 3)
      test_fail("glEvalMesh2(GL_FILL) lit %u pixels, expected about a quarter", fill);
   regress_expect_error(GL_NO_ERROR, "small meshes");

   glDeleteLists(l, 1);
   regress_context_alive("after the meshes");
   return regress_finish("regress-eval-mesh-bounds");
}
