/*
 * Evaluators (api/api_eval.c, GL 2.1 section 5.1): errors, queries,
 * GL_EVAL_BIT, evaluated values in the immediate-mode batch, automatic
 * normals, and meshes rendered on refpipe.
 */
#include <math.h>
#include <string.h>

#include "st_dispatch.h"
#include "st_draw.h"
#include "st_glapi.h"
#include "st_test_fb.h"

#define W 32
#define H 32
#define TOL 1e-5

static bool
near(double a, double b, double tol)
{
   return fabs(a - b) <= tol;
}

static void
test_errors(void)
{
   const GLfloat pts[16 * 4] = { 0 };
   api_glMap1f(GL_MAP2_VERTEX_3, 0, 1, 3, 2, pts);            /* a 2D target */
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glMap2f(GL_MAP1_VERTEX_3, 0, 1, 3, 2, 0, 1, 6, 2, pts);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glMap1f(GL_MAP1_VERTEX_3, 1, 1, 3, 2, pts);            /* u1 == u2 */
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glMap1f(GL_MAP1_VERTEX_4, 0, 1, 3, 2, pts);            /* stride < k */
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glMap1f(GL_MAP1_VERTEX_3, 0, 1, 3, 0, pts);            /* order < 1 */
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glMap1f(GL_MAP1_VERTEX_3, 0, 1, 3, ST_MAX_EVAL_ORDER + 1, pts);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glMap2f(GL_MAP2_VERTEX_3, 0, 1, 3, 2, 0.5f, 0.5f, 6, 2, pts);   /* v1 == v2 */
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glMap2f(GL_MAP2_VERTEX_3, 0, 1, 3, 2, 0, 1, 2, 2, pts);         /* vstride < k */
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glMap2d(GL_MAP2_COLOR_4, 0, 1, 4, 2, 0, 1, 8, 0, NULL);         /* vorder < 1 */
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glMapGrid1f(0, 0, 1);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glMapGrid2d(1, 0, 1, -1, 0, 1);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glEvalMesh1(GL_FILL, 0, 1);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glEvalMesh2(GL_POLYGON, 0, 1, 0, 1);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   GLfloat f[4];
   api_glGetMapfv(GL_TEXTURE_2D, GL_ORDER, f);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glGetMapfv(GL_MAP1_INDEX, GL_MAP1_INDEX, f);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   /* not between glBegin and glEnd */
   api_glBegin(GL_POINTS);
   api_glMap1f(GL_MAP1_VERTEX_3, 0, 1, 3, 2, pts);
   api_glMapGrid1f(2, 0, 1);
   api_glEvalMesh1(GL_POINT, 0, 1);
   api_glEnd();
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   /* maps are defined with texture unit 0 active */
   api_glActiveTexture(GL_TEXTURE1);
   api_glMap1f(GL_MAP1_VERTEX_3, 0, 1, 3, 2, pts);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glActiveTexture(GL_TEXTURE0);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

static void
test_queries(void)
{
   GLint i[8] = { 0 };
   GLfloat f[8] = { 0 };
   GLdouble d[8] = { 0 };
   api_glGetIntegerv(GL_MAX_EVAL_ORDER, i);
   CHECK_EQ_INT(i[0], ST_MAX_EVAL_ORDER);
   api_glGetIntegerv(GL_MAP2_GRID_SEGMENTS, i);
   CHECK(i[0] == 1 && i[1] == 1, "initial grid %d %d", i[0], i[1]);
   api_glGetFloatv(GL_MAP2_GRID_DOMAIN, f);
   CHECK(f[0] == 0 && f[1] == 1 && f[2] == 0 && f[3] == 1, "initial domain");

   /* initial maps: order 1, domain [0, 1], GL's default points */
   api_glGetMapiv(GL_MAP2_NORMAL, GL_ORDER, i);
   CHECK(i[0] == 1 && i[1] == 1, "initial order %d %d", i[0], i[1]);
   api_glGetMapfv(GL_MAP1_COLOR_4, GL_COEFF, f);
   CHECK(f[0] == 1 && f[1] == 1 && f[2] == 1 && f[3] == 1, "initial colour map");
   api_glGetMapfv(GL_MAP1_NORMAL, GL_COEFF, f);
   CHECK(f[0] == 0 && f[1] == 0 && f[2] == 1, "initial normal map");
   api_glGetMapdv(GL_MAP1_VERTEX_4, GL_COEFF, d);
   CHECK(d[0] == 0 && d[3] == 1, "initial vertex4 map");

   /* control points are read with the strides and stored tightly */
   const GLdouble pts[] = { 1, 2, 99, 3, 4, 99, 5.6, -7.4, 99 };
   api_glMap1d(GL_MAP1_TEXTURE_COORD_2, -1.5, 2.5, 3, 3, pts);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glGetMapdv(GL_MAP1_TEXTURE_COORD_2, GL_COEFF, d);
   CHECK(d[0] == 1 && d[1] == 2 && d[2] == 3 && d[3] == 4 && near(d[4], 5.6, TOL) &&
         near(d[5], -7.4, TOL), "coeff %g %g %g %g %g %g", d[0], d[1], d[2], d[3], d[4], d[5]);
   api_glGetMapiv(GL_MAP1_TEXTURE_COORD_2, GL_COEFF, i);
   CHECK(i[4] == 6 && i[5] == -7, "rounded coeff %d %d", i[4], i[5]);
   api_glGetMapiv(GL_MAP1_TEXTURE_COORD_2, GL_ORDER, i);
   CHECK_EQ_INT(i[0], 3);
   api_glGetMapfv(GL_MAP1_TEXTURE_COORD_2, GL_DOMAIN, f);
   CHECK(f[0] == -1.5f && f[1] == 2.5f, "domain %g %g", f[0], f[1]);

   const GLfloat p2[] = { 1, 2, 3, 4, 5, 6, 7, 8 };   /* uorder 2 x vorder 2, k 2 */
   api_glMap2f(GL_MAP2_TEXTURE_COORD_2, 0, 1, 2, 2, 3, 5, 4, 2, p2);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glGetMapfv(GL_MAP2_TEXTURE_COORD_2, GL_COEFF, f);
   CHECK(f[0] == 1 && f[1] == 2 && f[2] == 5 && f[3] == 6 && f[4] == 3 && f[7] == 8,
         "map2 coeff %g %g %g %g %g %g", f[0], f[1], f[2], f[3], f[4], f[7]);
   api_glGetMapfv(GL_MAP2_TEXTURE_COORD_2, GL_DOMAIN, f);
   CHECK(f[0] == 0 && f[1] == 1 && f[2] == 3 && f[3] == 5, "map2 domain");

   /* GL_EVAL_BIT: grids and the map/auto-normal enables */
   api_glPushAttrib(GL_EVAL_BIT);
   api_glMapGrid2f(7, 0.25f, 0.75f, 9, -1, 1);
   api_glMapGrid1d(5, 2, 3);
   api_glEnable(GL_MAP2_VERTEX_3);
   api_glEnable(GL_AUTO_NORMAL);
   api_glGetIntegerv(GL_MAP2_GRID_SEGMENTS, i);
   CHECK(i[0] == 7 && i[1] == 9, "grid2 %d %d", i[0], i[1]);
   api_glGetDoublev(GL_MAP1_GRID_DOMAIN, d);
   CHECK(d[0] == 2 && d[1] == 3, "grid1 domain %g %g", d[0], d[1]);
   api_glGetIntegerv(GL_MAP1_GRID_SEGMENTS, i);
   CHECK_EQ_INT(i[0], 5);
   api_glPopAttrib();
   api_glGetIntegerv(GL_MAP2_GRID_SEGMENTS, i);
   CHECK(i[0] == 1 && i[1] == 1, "popped grid2 %d %d", i[0], i[1]);
   api_glGetIntegerv(GL_MAP1_GRID_SEGMENTS, i);
   CHECK_EQ_INT(i[0], 1);
   CHECK(!api_glIsEnabled(GL_MAP2_VERTEX_3) && !api_glIsEnabled(GL_AUTO_NORMAL),
         "enables popped");
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* The last vertex batched since glBegin. */
static const struct st_vertex *
last_vertex(struct st_context *ctx)
{
   struct st_draw_ctx *d = ctx->draw;
   return d->num_verts ? &d->verts[d->num_verts - 1] : NULL;
}

static void
test_evaluation(struct st_context *ctx)
{
   /* quadratic Bezier over [2, 4]: at u = 3 (t = 1/2) P = (P0 + 2 P1 + P2) / 4 */
   const GLfloat v3[] = { 0, 0, 0, 4, 8, 0, 8, 0, 4 };
   const GLfloat col[] = { 1, 0, 0, 1, 0, 1, 0, 1 };
   api_glMap1f(GL_MAP1_VERTEX_3, 2, 4, 3, 3, v3);
   api_glMap1f(GL_MAP1_COLOR_4, 2, 4, 4, 2, col);
   api_glEnable(GL_MAP1_VERTEX_3);
   api_glEnable(GL_MAP1_COLOR_4);
   api_glColor4f(0.25f, 0.5f, 0.75f, 1);
   api_glMapGrid1f(3, 2, 4);
   api_glBegin(GL_POINTS);
   api_glEvalCoord1f(3.0f);
   const struct st_vertex *v = last_vertex(ctx);
   CHECK(v != NULL, "a vertex");
   if (v) {
      const float *p = v->attr[ST_VATTR_POS], *c = v->attr[ST_VATTR_COLOR];
      CHECK(near(p[0], 4, TOL) && near(p[1], 4, TOL) && near(p[2], 1, TOL) &&
            near(p[3], 1, TOL), "pos %g %g %g %g", p[0], p[1], p[2], p[3]);
      CHECK(near(c[0], 0.5, TOL) && near(c[1], 0.5, TOL) && near(c[2], 0, TOL) &&
            near(c[3], 1, TOL), "colour %g %g %g %g", c[0], c[1], c[2], c[3]);
   }
   /* grid points: i == n gives exactly u2 */
   api_glEvalPoint1(3);
   v = last_vertex(ctx);
   if (v)
      CHECK(v->attr[ST_VATTR_POS][0] == 8.0f && v->attr[ST_VATTR_POS][2] == 4.0f,
            "end point %g", v->attr[ST_VATTR_POS][0]);
   /* a glVertex afterwards uses the unchanged current colour */
   api_glVertex2f(1, 1);
   v = last_vertex(ctx);
   if (v)
      CHECK(v->attr[ST_VATTR_COLOR][0] == 0.25f && v->attr[ST_VATTR_COLOR][2] == 0.75f,
            "current colour kept");
   api_glEnd();
   api_glDisable(GL_MAP1_VERTEX_3);
   api_glBegin(GL_POINTS);
   api_glEvalCoord1f(2.5f);   /* no vertex map: no vertex */
   CHECK_EQ_INT(ctx->draw->num_verts, 0);
   api_glEnd();
   api_glDisable(GL_MAP1_COLOR_4);
   GLfloat cur[4];
   api_glGetFloatv(GL_CURRENT_COLOR, cur);
   CHECK(cur[0] == 0.25f && cur[1] == 0.5f, "GL_CURRENT_COLOR %g %g", cur[0], cur[1]);

   /* automatic normal of a plane z = 0 stretched by the domain: p(u, v) =
    * (3u/2, 5v, 0) over u in [0, 2], v in [0, 1]: dp/du x dp/dv = (0, 0, 7.5),
    * normalized (0, 0, 1); swapping the axes flips it */
   const GLfloat plane[] = { 0, 0, 0, 0, 5, 0, 3, 0, 0, 3, 5, 0 };
   api_glMap2f(GL_MAP2_VERTEX_3, 0, 2, 6, 2, 0, 1, 3, 2, plane);
   api_glEnable(GL_MAP2_VERTEX_3);
   api_glEnable(GL_AUTO_NORMAL);
   api_glNormal3f(1, 0, 0);
   api_glBegin(GL_POINTS);
   api_glEvalCoord2f(1.0f, 0.5f);
   v = last_vertex(ctx);
   if (v) {
      const float *p = v->attr[ST_VATTR_POS], *n = v->attr[ST_VATTR_NORMAL];
      CHECK(near(p[0], 1.5, TOL) && near(p[1], 2.5, TOL) && near(p[2], 0, TOL),
            "pos2 %g %g %g", p[0], p[1], p[2]);
      CHECK(near(n[0], 0, TOL) && near(n[1], 0, TOL) && near(n[2], 1, TOL),
            "auto normal %g %g %g", n[0], n[1], n[2]);
   }
   /* rational (VERTEX_4) maps are divided by w: doubling every point's
    * coordinates (w = 2 everywhere) gives the same surface and normal */
   GLfloat plane4[16];
   for (unsigned i = 0; i < 4; i++) {
      for (unsigned c = 0; c < 3; c++)
         plane4[i * 4 + c] = 2 * plane[i * 3 + c];
      plane4[i * 4 + 3] = 2;
   }
   api_glEnd();
   api_glMap2f(GL_MAP2_VERTEX_4, 0, 2, 8, 2, 0, 1, 4, 2, plane4);
   api_glEnable(GL_MAP2_VERTEX_4);
   api_glBegin(GL_POINTS);
   api_glEvalCoord2d(1.0, 0.5);
   v = last_vertex(ctx);
   if (v) {
      const float *p = v->attr[ST_VATTR_POS], *n = v->attr[ST_VATTR_NORMAL];
      CHECK(near(p[0], 3, TOL) && near(p[3], 2, TOL), "pos4 %g %g", p[0], p[3]);
      CHECK(near(n[2], 1, TOL) && near(n[0], 0, TOL), "rational normal %g", n[2]);
   }
   api_glEnd();
   api_glDisable(GL_MAP2_VERTEX_4);
   /* u along y, v along x: the normal points down */
   const GLfloat swapped[] = { 0, 0, 0, 5, 0, 0, 0, 3, 0, 5, 3, 0 };
   api_glMap2f(GL_MAP2_VERTEX_3, 0, 1, 6, 2, 0, 1, 3, 2, swapped);
   api_glBegin(GL_POINTS);
   api_glEvalCoord2f(0.25f, 0.75f);
   v = last_vertex(ctx);
   if (v) {
      const float *p = v->attr[ST_VATTR_POS], *n = v->attr[ST_VATTR_NORMAL];
      CHECK(near(p[0], 3.75, TOL) && near(p[1], 0.75, TOL), "swapped pos %g %g", p[0], p[1]);
      CHECK(near(n[2], -1, TOL) && near(n[1], 0, TOL), "swapped normal %g", n[2]);
   }
   api_glEnd();
   api_glGetFloatv(GL_CURRENT_NORMAL, cur);
   CHECK(cur[0] == 1 && cur[2] == 0, "GL_CURRENT_NORMAL kept");
   api_glDisable(GL_MAP2_VERTEX_4);
   api_glDisable(GL_MAP2_VERTEX_3);
   api_glDisable(GL_AUTO_NORMAL);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

static void
read_px(unsigned x, unsigned y, GLubyte out[4])
{
   static GLubyte px[W * H * 4];
   api_glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, px);
   memcpy(out, &px[(y * W + x) * 4], 4);
}

static void
test_mesh(void)
{
   /* a bilinear square over pixels [8, 24] with a colour map green at
    * u = 0 and blue at u = 1 */
   const GLfloat sq[] = { 8, 8, 0, 8, 24, 0, 24, 8, 0, 24, 24, 0 };
   const GLfloat cols[] = { 0, 1, 0, 1, 0, 1, 0, 1, 0, 0, 1, 1, 0, 0, 1, 1 };
   api_glClearColor(0, 0, 0, 0);
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glMap2f(GL_MAP2_VERTEX_3, 0, 1, 6, 2, 0, 1, 3, 2, sq);
   api_glMap2f(GL_MAP2_COLOR_4, 0, 1, 8, 2, 0, 1, 4, 2, cols);
   api_glEnable(GL_MAP2_VERTEX_3);
   api_glEnable(GL_MAP2_COLOR_4);
   api_glMapGrid2f(4, 0, 1, 4, 0, 1);
   api_glShadeModel(GL_SMOOTH);
   api_glEvalMesh2(GL_FILL, 0, 4, 0, 4);
   CHECK_GL_ERROR(GL_NO_ERROR);
   GLubyte p[4];
   read_px(4, 4, p);
   CHECK(p[0] == 0 && p[1] == 0 && p[2] == 0, "outside %u %u %u", p[0], p[1], p[2]);
   read_px(9, 16, p);    /* u ~ 1/32: nearly green */
   CHECK(p[1] > 230 && p[2] < 25, "left %u %u %u", p[0], p[1], p[2]);
   read_px(22, 16, p);   /* u ~ 29/32: nearly blue */
   CHECK(p[2] > 200 && p[1] < 50, "right %u %u %u", p[0], p[1], p[2]);
   read_px(15, 16, p);   /* the middle: about half and half (+-8/255) */
   CHECK(abs((int)p[1] - (int)p[2]) < 24 && p[1] > 100, "middle %u %u %u", p[0], p[1], p[2]);

   /* a partial mesh: only grid cells 0..1 in u (pixels 8..16) */
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glEvalMesh2(GL_FILL, 0, 2, 0, 4);
   read_px(12, 16, p);
   CHECK(p[1] > 100, "partial mesh drawn %u", p[1]);
   read_px(20, 16, p);
   CHECK(p[1] == 0 && p[2] == 0, "partial mesh limit %u %u", p[1], p[2]);

   /* 1D mesh of points along a line y = 4.5 */
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glDisable(GL_MAP2_VERTEX_3);
   api_glDisable(GL_MAP2_COLOR_4);
   const GLfloat line[] = { 2.5f, 4.5f, 0, 26.5f, 4.5f, 0 };
   api_glMap1f(GL_MAP1_VERTEX_3, 0, 1, 3, 2, line);
   api_glEnable(GL_MAP1_VERTEX_3);
   api_glColor3f(1, 1, 1);
   api_glMapGrid1f(4, 0, 1);
   api_glEvalMesh1(GL_POINT, 0, 4);   /* x = 2.5, 8.5, 14.5, 20.5, 26.5 */
   read_px(8, 4, p);
   CHECK(p[0] == 255, "point at 8 %u", p[0]);
   read_px(26, 4, p);
   CHECK(p[0] == 255, "point at 26 %u", p[0]);
   read_px(5, 4, p);
   CHECK(p[0] == 0, "no point at 5 %u", p[0]);
   api_glDisable(GL_MAP1_VERTEX_3);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* Calls through the dispatch table libglapi has current (the display-list
 * save table while compiling). */
/* Maps in display lists: glMap1f is copied, grids and meshes replayed. */
static void
test_dlist(void)
{
   const GLfloat line[] = { 0, 0, 0, 10, 20, 30 };
   GLuint l = api_glGenLists(1);
   GLfloat copy[6];
   memcpy(copy, line, sizeof copy);
   GL(glNewList, GLuint, GLenum)(l, GL_COMPILE);
   GL(glMap1f, GLenum, GLfloat, GLfloat, GLint, GLint, const GLfloat *)(GL_MAP1_VERTEX_3, 0, 1, 3,
                                                                        2, copy);
   GL(glEndList, void)();
   CHECK_GL_ERROR(GL_NO_ERROR);
   memset(copy, 0, sizeof copy);   /* the list holds its own copy */
   GLfloat f[6];
   api_glGetMapfv(GL_MAP1_VERTEX_3, GL_COEFF, f);
   CHECK(f[3] != 10, "not executed while compiling");
   GL(glCallList, GLuint)(l);
   api_glGetMapfv(GL_MAP1_VERTEX_3, GL_COEFF, f);
   CHECK(f[3] == 10 && f[4] == 20 && f[5] == 30, "replayed map %g %g %g", f[3], f[4], f[5]);
   api_glDeleteLists(l, 1);
   CHECK_GL_ERROR(GL_NO_ERROR);

   /* glMapGrid and glEvalMesh recorded, executed at glCallList */
   const GLfloat row[] = { 0.5f, 10.5f, 0, 30.5f, 10.5f, 0 };
   api_glMap1f(GL_MAP1_VERTEX_3, 0, 1, 3, 2, row);
   api_glEnable(GL_MAP1_VERTEX_3);
   api_glColor3f(0, 1, 0);
   api_glClear(GL_COLOR_BUFFER_BIT);
   l = api_glGenLists(1);
   GL(glNewList, GLuint, GLenum)(l, GL_COMPILE);
   GL(glMapGrid1f, GLint, GLfloat, GLfloat)(3, 0, 1);
   GL(glEvalMesh1, GLenum, GLint, GLint)(GL_POINT, 1, 2);   /* x = 10.5 and 20.5 */
   GL(glEndList, void)();
   GLint seg;
   api_glGetIntegerv(GL_MAP1_GRID_SEGMENTS, &seg);
   CHECK_EQ_INT(seg, 4);   /* from test_mesh: not changed by compiling */
   GLubyte p[4];
   read_px(10, 10, p);
   CHECK(p[1] == 0, "nothing drawn while compiling");
   GL(glCallList, GLuint)(l);
   api_glGetIntegerv(GL_MAP1_GRID_SEGMENTS, &seg);
   CHECK_EQ_INT(seg, 3);
   read_px(10, 10, p);
   CHECK(p[1] == 255, "list point at 10 %u", p[1]);
   read_px(20, 10, p);
   CHECK(p[1] == 255, "list point at 20 %u", p[1]);
   read_px(30, 10, p);
   CHECK(p[1] == 0, "mesh limited to i2 %u", p[1]);
   api_glDeleteLists(l, 1);
   api_glDisable(GL_MAP1_VERTEX_3);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

int
main(void)
{
   struct test_env e;
   bool ok = test_env_init(&e, W, H);
   CHECK(ok, "context");
   if (ok) {
      test_errors();
      test_queries();
      test_evaluation(e.ctx);
      test_mesh();
      test_dlist();
   }
   test_env_fini(&e);
   return st_test_finish("st_test_eval");
}
