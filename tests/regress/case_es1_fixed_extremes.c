/*
 * ES 1.1 fixed-point (s15.16) arguments at INT_MIN and INT_MAX through every
 * kind of conversion (scalars, vectors, matrices, the getters back to
 * fixed point), where a negation or product of INT_MIN would overflow.
 * The GL errors are the float forms'; the context stays usable.
 */
#include <limits.h>
#include <GLES/gl.h>

#include "regress.h"

static const GLfixed v[] = { INT_MIN, INT_MIN + 1, -1, 0, 1, 65535, 65536, INT_MAX };
#define NV (sizeof v / sizeof v[0])

int
main(void)
{
   int rc = regress_setup(REGRESS_GLES1);
   if (rc != TEST_PASS)
      return rc;
   PFNGLORTHOXOESPROC Orthox = (PFNGLORTHOXOESPROC)regress_proc("glOrthox");
   PFNGLFRUSTUMXOESPROC Frustumx = (PFNGLFRUSTUMXOESPROC)regress_proc("glFrustumx");
   PFNGLLOADMATRIXXOESPROC LoadMatrixx = (PFNGLLOADMATRIXXOESPROC)regress_proc("glLoadMatrixx");
   PFNGLROTATEXOESPROC Rotatex = (PFNGLROTATEXOESPROC)regress_proc("glRotatex");
   PFNGLSCALEXOESPROC Scalex = (PFNGLSCALEXOESPROC)regress_proc("glScalex");
   PFNGLTRANSLATEXOESPROC Translatex = (PFNGLTRANSLATEXOESPROC)regress_proc("glTranslatex");
   PFNGLCOLOR4XOESPROC Color4x = (PFNGLCOLOR4XOESPROC)regress_proc("glColor4x");
   PFNGLCLEARCOLORXOESPROC ClearColorx = (PFNGLCLEARCOLORXOESPROC)regress_proc("glClearColorx");
   PFNGLFOGXOESPROC Fogx = (PFNGLFOGXOESPROC)regress_proc("glFogx");
   PFNGLLIGHTXVOESPROC Lightxv = (PFNGLLIGHTXVOESPROC)regress_proc("glLightxv");
   PFNGLGETLIGHTXOESPROC GetLightxv = (PFNGLGETLIGHTXOESPROC)regress_proc("glGetLightxv");
   PFNGLGETFIXEDVOESPROC GetFixedv = (PFNGLGETFIXEDVOESPROC)regress_proc("glGetFixedv");
   PFNGLGETCLIPPLANEXOESPROC GetClipPlanex =
      (PFNGLGETCLIPPLANEXOESPROC)regress_proc("glGetClipPlanex");
   PFNGLCLIPPLANEXOESPROC ClipPlanex = (PFNGLCLIPPLANEXOESPROC)regress_proc("glClipPlanex");
   PFNGLPOINTSIZEXOESPROC PointSizex = (PFNGLPOINTSIZEXOESPROC)regress_proc("glPointSizex");
   PFNGLLINEWIDTHXOESPROC LineWidthx = (PFNGLLINEWIDTHXOESPROC)regress_proc("glLineWidthx");

   for (unsigned i = 0; i < NV; i++) {
      GLfixed a = v[i], b = v[NV - 1 - i];
      Orthox(a, b, a, b, a, b);
      glGetError();   /* INVALID_VALUE where l == r etc.: the float form's */
      Frustumx(a, b, a, b, a, b);
      glGetError();
      GLfixed m[16];
      for (int k = 0; k < 16; k++)
         m[k] = v[(i + (unsigned)k) % NV];
      LoadMatrixx(m);
      Rotatex(a, b, a, b);
      Scalex(a, b, a);
      Translatex(b, a, b);
      Color4x(a, b, a, b);
      ClearColorx(a, b, a, b);
      Fogx(GL_FOG_DENSITY, a);
      glGetError();
      GLfixed l4[4] = { a, b, a, b };
      Lightxv(GL_LIGHT0, GL_POSITION, l4);
      Lightxv(GL_LIGHT0, GL_AMBIENT, l4);
      GLfixed out[16];
      GetLightxv(GL_LIGHT0, GL_POSITION, out);
      GetFixedv(GL_MODELVIEW_MATRIX, out);
      GetFixedv(GL_CURRENT_COLOR, out);
      ClipPlanex(GL_CLIP_PLANE0, l4);
      GetClipPlanex(GL_CLIP_PLANE0, out);
      PointSizex(a);
      glGetError();
      LineWidthx(b);
      glGetError();
      regress_expect_error(GL_NO_ERROR, "fixed-point calls at the boundaries");
   }
   glLoadIdentity();
   regress_context_alive("after the boundary fixed-point calls");
   return regress_finish("regress-es1-fixed-extremes");
}
