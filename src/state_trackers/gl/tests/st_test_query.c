/*
 * Occlusion queries (api_query.c) and the selection / feedback render
 * modes (api_select.c): every error of the entry points, exact sample
 * counts from refpipe, hit records with their z range, name stack rules,
 * overflow, and feedback tokens with window coordinates; GL_NV_conditional_render's
 * errors and the commands it discards.
 */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "st_frag.h"
#include "st_test_fb.h"

#define W 32
#define H 32

static void
rect(float x0, float y0, float x1, float y1, float z)
{
   api_glBegin(GL_QUADS);
   api_glVertex3f(x0, y0, z);
   api_glVertex3f(x1, y0, z);
   api_glVertex3f(x1, y1, z);
   api_glVertex3f(x0, y1, z);
   api_glEnd();
}

static GLint
query_current(void)
{
   GLint v = -1;
   api_glGetQueryiv(GL_SAMPLES_PASSED, GL_CURRENT_QUERY, &v);
   return v;
}

static void
test_query_errors(void)
{
   GLuint q[2];
   api_glGenQueries(-1, q);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glDeleteQueries(-1, q);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glGenQueries(2, q);
   CHECK(q[0] && q[1] && q[0] != q[1], "names %u %u", q[0], q[1]);
   /* generated names are not queries until begun */
   CHECK(!api_glIsQuery(q[0]), "IsQuery before Begin");
   api_glBeginQuery(GL_TIMESTAMP, q[0]);   /* glQueryCounter's target only */
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glBeginQuery(GL_SAMPLES_PASSED, 0);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glEndQuery(GL_SAMPLES_PASSED);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glEndQuery(GL_DEPTH_TEST);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   GLint v;
   api_glGetQueryiv(GL_SAMPLES_PASSED, GL_QUERY_RESULT, &v);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glGetQueryiv(GL_LESS, GL_CURRENT_QUERY, &v);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glGetQueryiv(GL_SAMPLES_PASSED, GL_QUERY_COUNTER_BITS, &v);
   CHECK(v >= 32, "counter bits %d", v);
   /* result of a name that is not a query object */
   api_glGetQueryObjectiv(q[0], GL_QUERY_RESULT, &v);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glGetQueryObjectuiv(0, GL_QUERY_RESULT, (GLuint *)&v);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);

   api_glBeginQuery(GL_SAMPLES_PASSED, q[0]);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(api_glIsQuery(q[0]), "IsQuery after Begin");
   CHECK_EQ_INT(query_current(), q[0]);
   /* a second Begin on the active target, results of the active query */
   api_glBeginQuery(GL_SAMPLES_PASSED, q[1]);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glGetQueryObjectiv(q[0], GL_QUERY_RESULT_AVAILABLE, &v);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   /* Begin/End are not allowed inside glBegin/glEnd */
   api_glBegin(GL_POINTS);
   api_glEndQuery(GL_SAMPLES_PASSED);
   api_glEnd();
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   CHECK_EQ_INT(query_current(), q[0]);
   api_glEndQuery(GL_SAMPLES_PASSED);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT(query_current(), 0);
   api_glGetQueryObjectiv(q[0], GL_CURRENT_QUERY, &v);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   /* deleting the active query ends it: End then finds none */
   api_glBeginQuery(GL_SAMPLES_PASSED, q[1]);
   api_glDeleteQueries(1, &q[1]);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT(query_current(), 0);
   CHECK(!api_glIsQuery(q[1]), "deleted");
   api_glEndQuery(GL_SAMPLES_PASSED);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   /* a name never generated becomes a query at Begin (GL 2.1) */
   api_glBeginQuery(GL_SAMPLES_PASSED, 777);
   api_glEndQuery(GL_SAMPLES_PASSED);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(api_glIsQuery(777), "implicit name");
   GLuint del[3] = { q[0], 777, 4242 };   /* unused names are ignored */
   api_glDeleteQueries(3, del);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(!api_glIsQuery(q[0]) && !api_glIsQuery(777), "deleted");
}

static void
test_query_counts(void)
{
   api_glClearColor(0, 0, 0, 0);
   api_glClearDepth(1.0);
   api_glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   GLuint q[3];
   api_glGenQueries(3, q);
   /* a 10 x 6 rectangle on pixel boundaries: 60 samples */
   api_glBeginQuery(GL_SAMPLES_PASSED, q[0]);
   rect(2, 3, 12, 9, 0);
   api_glEndQuery(GL_SAMPLES_PASSED);
   GLuint avail = 0, res = 0;
   api_glGetQueryObjectuiv(q[0], GL_QUERY_RESULT_AVAILABLE, &avail);
   api_glGetQueryObjectuiv(q[0], GL_QUERY_RESULT, &res);
   CHECK(avail == GL_TRUE, "available");
   CHECK_EQ_INT(res, 60);

   /* hidden behind it with the depth test: 0; partly in front: the visible part */
   api_glEnable(GL_DEPTH_TEST);
   api_glBeginQuery(GL_SAMPLES_PASSED, q[1]);
   rect(2, 3, 12, 9, 0.5f);                /* z 0.5 -> window 0.25: in front of 0.5 */
   api_glEndQuery(GL_SAMPLES_PASSED);
   api_glBeginQuery(GL_SAMPLES_PASSED, q[2]);
   rect(0, 0, 32, 32, -0.5f);              /* window 0.75: behind the rectangles */
   api_glEndQuery(GL_SAMPLES_PASSED);
   api_glDisable(GL_DEPTH_TEST);
   GLint r1 = -1, r2 = -1;
   api_glGetQueryObjectiv(q[1], GL_QUERY_RESULT, &r1);
   api_glGetQueryObjectiv(q[2], GL_QUERY_RESULT, &r2);
   CHECK_EQ_INT(r1, 60);
   CHECK_EQ_INT(r2, 32 * 32 - 60);
   /* results stay until the next Begin; the next Begin restarts the count */
   api_glBeginQuery(GL_SAMPLES_PASSED, q[0]);
   api_glEndQuery(GL_SAMPLES_PASSED);
   api_glGetQueryObjectuiv(q[0], GL_QUERY_RESULT, &res);
   CHECK_EQ_INT(res, 0);
   api_glDeleteQueries(3, q);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* GL 3.3's queries: GL_ANY_SAMPLES_PASSED shares the occlusion binding
 * point with GL_SAMPLES_PASSED (section 2.14), GL_TIME_ELAPSED, and
 * glQueryCounter's timestamps with glGetInteger64v(GL_TIMESTAMP) between
 * them, with their errors */
static void
test_query_33(void)
{
   CHECK(test_has_extension("GL_ARB_occlusion_query2") &&
         test_has_extension("GL_ARB_timer_query"), "3.3 query extensions");
   api_glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   GLuint q[4];
   api_glGenQueries(4, q);
   api_glBeginQuery(GL_ANY_SAMPLES_PASSED, q[0]);
   CHECK_GL_ERROR(GL_NO_ERROR);
   GLint cur = -1;
   api_glGetQueryiv(GL_ANY_SAMPLES_PASSED, GL_CURRENT_QUERY, &cur);
   CHECK_EQ_INT(cur, (GLint)q[0]);
   CHECK_EQ_INT(query_current(), 0);   /* the other target's current query */
   api_glBeginQuery(GL_SAMPLES_PASSED, q[1]);   /* one occlusion query at a time */
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   rect(2, 3, 12, 9, 0);
   api_glEndQuery(GL_ANY_SAMPLES_PASSED);
   api_glBeginQuery(GL_ANY_SAMPLES_PASSED, q[1]);
   rect(40, 40, 50, 50, 0);   /* outside: no sample */
   api_glEndQuery(GL_ANY_SAMPLES_PASSED);
   GLuint64 any0 = 77, any1 = 77;
   api_glGetQueryObjectui64v(q[0], GL_QUERY_RESULT, &any0);
   api_glGetQueryObjectui64v(q[1], GL_QUERY_RESULT, &any1);
   CHECK(any0 == GL_TRUE && any1 == GL_FALSE, "any samples passed %llu %llu",
         (unsigned long long)any0, (unsigned long long)any1);
   api_glBeginQuery(GL_SAMPLES_PASSED, q[0]);   /* an ANY_SAMPLES_PASSED object */
   CHECK_GL_ERROR(GL_INVALID_OPERATION);

   /* time: two timestamps around a draw and its elapsed time */
   GLint bits = 0;
   api_glGetQueryiv(GL_TIMESTAMP, GL_QUERY_COUNTER_BITS, &bits);
   CHECK_EQ_INT(bits, 64);
   api_glQueryCounter(q[2], GL_TIMESTAMP);
   GLint64 now = 0;
   api_glGetInteger64v(GL_TIMESTAMP, &now);
   api_glBeginQuery(GL_TIME_ELAPSED, q[3]);
   rect(0, 0, 32, 32, 0);
   api_glEndQuery(GL_TIME_ELAPSED);
   CHECK_GL_ERROR(GL_NO_ERROR);
   GLint64 t0 = -1, elapsed = -1, t1 = -1;
   api_glGetQueryObjecti64v(q[2], GL_QUERY_RESULT, &t0);
   api_glGetQueryObjecti64v(q[3], GL_QUERY_RESULT, &elapsed);
   api_glQueryCounter(q[2], GL_TIMESTAMP);   /* again: a later time */
   api_glGetQueryObjecti64v(q[2], GL_QUERY_RESULT, &t1);
   CHECK(t0 > 0 && now >= t0 && elapsed > 0 && t1 >= now + elapsed,
         "timestamps %lld <= %lld, elapsed %lld, then %lld", (long long)t0, (long long)now,
         (long long)elapsed, (long long)t1);
   GLint avail = 0;
   api_glGetQueryObjectiv(q[2], GL_QUERY_RESULT_AVAILABLE, &avail);
   CHECK_EQ_INT(avail, GL_TRUE);
   CHECK_GL_ERROR(GL_NO_ERROR);
   /* errors: another target, a query of another target, an active one, a
    * name glGenQueries did not return */
   api_glQueryCounter(q[2], GL_TIME_ELAPSED);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glQueryCounter(q[0], GL_TIMESTAMP);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glBeginQuery(GL_TIME_ELAPSED, q[3]);
   api_glQueryCounter(q[3], GL_TIMESTAMP);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glEndQuery(GL_TIME_ELAPSED);
   api_glQueryCounter(4321, GL_TIMESTAMP);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glBeginQuery(GL_TIME_ELAPSED, q[2]);   /* a timestamp object */
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glBeginQuery(GL_ANY_SAMPLES_PASSED_CONSERVATIVE, q[1]);   /* GL 4.3's (ES 3.0's) */
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glDeleteQueries(4, q);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

static void
test_select(void)
{
   GLuint buf[64];
   memset(buf, 0xee, sizeof buf);
   /* no buffer yet */
   api_glRenderMode(GL_SELECT);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glRenderMode(GL_POINT);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glSelectBuffer(-1, buf);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glSelectBuffer(64, buf);
   CHECK_EQ_INT(api_glRenderMode(GL_SELECT), 0);
   CHECK_GL_ERROR(GL_NO_ERROR);
   GLint mode = 0;
   api_glGetIntegerv(GL_RENDER_MODE, &mode);
   CHECK_EQ_INT(mode, GL_SELECT);
   api_glSelectBuffer(64, buf);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glLoadName(1);                      /* empty stack */
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glPopName();
   CHECK_GL_ERROR(GL_STACK_UNDERFLOW);

   api_glInitNames();
   api_glPushName(7);
   rect(2, 2, 10, 10, 0.5f);                /* window z 0.25 */
   api_glLoadName(8);                       /* writes the hit of name 7 */
   rect(40, 40, 50, 50, 0.0f);              /* outside the view volume: no hit */
   api_glPushName(9);
   api_glBegin(GL_TRIANGLES);               /* z from -0.5 (0.75) to 0 (0.5), one vertex clipped */
   api_glVertex3f(4, 4, -0.5f);
   api_glVertex3f(20, 4, 0.0f);
   api_glVertex3f(4, 60, 0.0f);
   api_glEnd();
   GLint depth = 0;
   api_glGetIntegerv(GL_NAME_STACK_DEPTH, &depth);
   CHECK_EQ_INT(depth, 2);
   /* culled polygons do not hit */
   api_glPopName();                          /* writes the hit of 8, 9 */
   api_glEnable(GL_CULL_FACE);
   api_glBegin(GL_TRIANGLES);
   api_glVertex3f(4, 4, 0);
   api_glVertex3f(4, 20, 0);
   api_glVertex3f(20, 4, 0);
   api_glEnd();
   api_glDisable(GL_CULL_FACE);
   GLint hits = api_glRenderMode(GL_RENDER);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT(hits, 2);
   /* record 1: 1 name, z 0.25, 0.25, name 7 */
   CHECK_EQ_INT(buf[0], 1);
   CHECK(fabs(buf[1] / 4294967295.0 - 0.25) < 1e-6, "zmin %u", buf[1]);
   CHECK(fabs(buf[2] / 4294967295.0 - 0.25) < 1e-6, "zmax %u", buf[2]);
   CHECK_EQ_INT(buf[3], 7);
   /* record 2: 2 names, z 0.5 .. 0.75, names 8, 9 */
   CHECK_EQ_INT(buf[4], 2);
   CHECK(fabs(buf[5] / 4294967295.0 - 0.5) < 1e-6, "zmin %u", buf[5]);
   CHECK(fabs(buf[6] / 4294967295.0 - 0.75) < 1e-6, "zmax %u", buf[6]);
   CHECK_EQ_INT(buf[7], 8);
   CHECK_EQ_INT(buf[8], 9);
   CHECK_EQ_INT(buf[9], 0xeeeeeeeeu);
   api_glGetIntegerv(GL_NAME_STACK_DEPTH, &depth);
   CHECK_EQ_INT(depth, 0);
   /* name functions are ignored in render mode */
   api_glPopName();
   api_glLoadName(3);
   CHECK_GL_ERROR(GL_NO_ERROR);

   /* user clip planes remove hits */
   api_glSelectBuffer(64, buf);
   api_glRenderMode(GL_SELECT);
   api_glPushName(1);
   GLdouble plane[4] = { -1, 0, 0, 16 };     /* keep x <= 16 */
   api_glClipPlane(GL_CLIP_PLANE0, plane);
   api_glEnable(GL_CLIP_PLANE0);
   rect(20, 2, 30, 10, 0);
   api_glDisable(GL_CLIP_PLANE0);
   CHECK_EQ_INT(api_glRenderMode(GL_RENDER), 0);

   /* perspective: a triangle crossing the near plane is clipped there (z 0);
    * one vertex behind the eye (w < 0) must not flip its facing */
   api_glMatrixMode(GL_PROJECTION);
   api_glPushMatrix();
   api_glLoadIdentity();
   api_glFrustum(-1, 1, -1, 1, 1, 3);
   api_glMatrixMode(GL_MODELVIEW);
   api_glSelectBuffer(64, buf);
   api_glRenderMode(GL_SELECT);
   api_glPushName(5);
   api_glEnable(GL_CULL_FACE);               /* CCW front: kept */
   api_glBegin(GL_TRIANGLES);
   api_glVertex3f(-0.5f, -0.5f, -2.0f);
   api_glVertex3f(0.5f, -0.5f, -2.0f);
   api_glVertex3f(0.0f, 0.5f, 1.0f);          /* behind the eye */
   api_glEnd();
   api_glDisable(GL_CULL_FACE);
   CHECK_EQ_INT(api_glRenderMode(GL_RENDER), 1);
   CHECK_EQ_INT(buf[0], 1);
   CHECK(buf[1] < 1000, "near-clipped zmin %u", buf[1]);
   /* z_eye -2 in frustum(1, 3): ndc (4 - 3) / 2 = 0.5 -> window 0.75 */
   CHECK(fabs(buf[2] / 4294967295.0 - 0.75) < 1e-5, "zmax %u", buf[2]);
   api_glMatrixMode(GL_PROJECTION);
   api_glPopMatrix();
   api_glMatrixMode(GL_MODELVIEW);

   /* overflow: -1 */
   GLuint small[3];
   api_glSelectBuffer(3, small);
   api_glRenderMode(GL_SELECT);
   api_glPushName(1);
   rect(2, 2, 10, 10, 0);
   CHECK_EQ_INT(api_glRenderMode(GL_RENDER), -1);
   /* the stack depth limit */
   api_glSelectBuffer(64, buf);
   api_glRenderMode(GL_SELECT);
   GLint max = 0;
   api_glGetIntegerv(GL_MAX_NAME_STACK_DEPTH, &max);
   CHECK(max >= 64, "max name stack %d", max);
   for (GLint i = 0; i < max; i++)
      api_glPushName((GLuint)i);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glPushName(0);
   CHECK_GL_ERROR(GL_STACK_OVERFLOW);
   api_glRenderMode(GL_RENDER);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

static void
test_feedback(void)
{
   GLfloat fb[64];
   api_glFeedbackBuffer(64, GL_COLOR, fb);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glFeedbackBuffer(-1, GL_2D, fb);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glFeedbackBuffer(64, GL_3D_COLOR, fb);
   CHECK_EQ_INT(api_glRenderMode(GL_FEEDBACK), 0);
   api_glFeedbackBuffer(64, GL_2D, fb);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glPassThrough(5.0f);
   api_glColor4f(1, 0.5f, 0.25f, 1);
   api_glBegin(GL_POINTS);
   api_glVertex3f(3, 4, 0.5f);
   api_glEnd();
   api_glBegin(GL_TRIANGLES);
   api_glVertex3f(1, 1, 0);
   api_glVertex3f(9, 1, 0);
   api_glVertex3f(1, 9, 0);
   api_glEnd();
   GLint n = api_glRenderMode(GL_RENDER);
   CHECK_GL_ERROR(GL_NO_ERROR);
   /* pass-through 2 + point 1+7 + polygon 2+3*7 */
   CHECK_EQ_INT(n, 2 + 8 + 23);
   CHECK(fb[0] == (GLfloat)GL_PASS_THROUGH_TOKEN && fb[1] == 5.0f, "pass through");
   CHECK(fb[2] == (GLfloat)GL_POINT_TOKEN, "point token");
   CHECK(fb[3] == 3.0f && fb[4] == 4.0f && fabsf(fb[5] - 0.25f) < 1e-6f, "point xyz %g %g %g",
         fb[3], fb[4], fb[5]);
   CHECK(fb[6] == 1.0f && fb[7] == 0.5f && fb[8] == 0.25f && fb[9] == 1.0f, "point colour");
   CHECK(fb[10] == (GLfloat)GL_POLYGON_TOKEN && fb[11] == 3.0f, "polygon token");
   CHECK(fb[12] == 1.0f && fb[13] == 1.0f && fb[19] == 9.0f && fb[26] == 1.0f &&
         fb[27] == 9.0f, "polygon vertices");

   /* GL_2D lines; overflow gives -1 */
   api_glFeedbackBuffer(64, GL_2D, fb);
   api_glRenderMode(GL_FEEDBACK);
   api_glBegin(GL_LINE_STRIP);
   api_glVertex2f(1, 1);
   api_glVertex2f(5, 1);
   api_glVertex2f(5, 5);
   api_glEnd();
   CHECK_EQ_INT(api_glRenderMode(GL_RENDER), 10);
   CHECK(fb[0] == (GLfloat)GL_LINE_RESET_TOKEN && fb[5] == (GLfloat)GL_LINE_TOKEN, "line tokens");
   CHECK(fb[3] == 5.0f && fb[4] == 1.0f && fb[8] == 5.0f && fb[9] == 5.0f, "line vertices");
   /* polygon mode GL_LINE: the edges as line tokens; back faces in GL_POINT mode */
   api_glFeedbackBuffer(64, GL_2D, fb);
   api_glRenderMode(GL_FEEDBACK);
   api_glPolygonMode(GL_FRONT, GL_LINE);
   api_glPolygonMode(GL_BACK, GL_POINT);
   api_glBegin(GL_TRIANGLES);
   api_glVertex2f(1, 1);
   api_glVertex2f(9, 1);
   api_glVertex2f(1, 9);
   api_glVertex2f(1, 1);                     /* clockwise: back */
   api_glVertex2f(1, 9);
   api_glVertex2f(9, 1);
   api_glEnd();
   api_glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
   CHECK_EQ_INT(api_glRenderMode(GL_RENDER), 3 * 5 + 3 * 3);
   CHECK(fb[0] == (GLfloat)GL_LINE_RESET_TOKEN && fb[5] == (GLfloat)GL_LINE_TOKEN &&
         fb[10] == (GLfloat)GL_LINE_TOKEN && fb[15] == (GLfloat)GL_POINT_TOKEN, "edge tokens");
   CHECK(fb[13] == 1.0f && fb[14] == 1.0f, "closing edge ends at the first vertex");
   /* edge flags: the edge leaving a vertex with flag false is not a boundary */
   api_glFeedbackBuffer(64, GL_2D, fb);
   api_glRenderMode(GL_FEEDBACK);
   api_glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
   api_glBegin(GL_TRIANGLES);
   api_glVertex2f(1, 1);
   api_glEdgeFlag(GL_FALSE);
   api_glVertex2f(9, 1);
   api_glEdgeFlag(GL_TRUE);
   api_glVertex2f(1, 9);
   api_glEnd();
   api_glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
   CHECK_EQ_INT(api_glRenderMode(GL_RENDER), 2 * 5);
   CHECK(fb[1] == 1.0f && fb[3] == 9.0f && fb[4] == 1.0f, "first edge %g %g %g", fb[1], fb[2],
         fb[3]);
   CHECK(fb[6] == 1.0f && fb[7] == 9.0f && fb[8] == 1.0f && fb[9] == 1.0f,
         "edge from (9, 1) skipped");

   /* lighting on: CPU-lit colour; default light 0 and material, normal +z:
    * 0.2 * 0.2 (model ambient) + 0.8 (diffuse) = 0.84, alpha 1 */
   api_glFeedbackBuffer(64, GL_3D_COLOR, fb);
   api_glRenderMode(GL_FEEDBACK);
   api_glEnable(GL_LIGHTING);
   api_glEnable(GL_LIGHT0);
   api_glNormal3f(0, 0, 1);
   api_glColor4f(0, 0, 1, 0.5f);
   api_glBegin(GL_POINTS);
   api_glVertex2f(2, 2);
   api_glEnd();
   api_glEnable(GL_COLOR_MATERIAL);          /* ambient and diffuse from (0, 0, 1) */
   api_glBegin(GL_POINTS);
   api_glVertex2f(2, 2);
   api_glEnd();
   api_glDisable(GL_COLOR_MATERIAL);
   api_glDisable(GL_LIGHTING);
   api_glDisable(GL_LIGHT0);
   CHECK_EQ_INT(api_glRenderMode(GL_RENDER), 16);
   CHECK(fabsf(fb[4] - 0.84f) < 1e-5f && fabsf(fb[5] - 0.84f) < 1e-5f &&
         fabsf(fb[6] - 0.84f) < 1e-5f && fb[7] == 1.0f, "lit %g %g %g %g", fb[4], fb[5],
         fb[6], fb[7]);
   CHECK(fb[12] == 0.0f && fb[13] == 0.0f && fabsf(fb[14] - 1.0f) < 1e-5f &&
         fabsf(fb[15] - 0.5f) < 1e-6f, "colour material %g %g %g %g", fb[12], fb[13],
         fb[14], fb[15]);
   api_glFeedbackBuffer(4, GL_2D, fb);
   api_glRenderMode(GL_FEEDBACK);
   api_glBegin(GL_LINES);
   api_glVertex2f(1, 1);
   api_glVertex2f(5, 1);
   api_glEnd();
   CHECK_EQ_INT(api_glRenderMode(GL_RENDER), -1);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* The hooks for raster-position commands (st_select_raster_pos / _pixel_command). */
static void
test_raster_hooks(struct st_context *ctx)
{
   GLuint buf[16];
   memset(buf, 0, sizeof buf);
   CHECK(!st_select_pixel_command(ctx, GL_BITMAP_TOKEN), "render mode draws");
   api_glSelectBuffer(16, buf);
   api_glRenderMode(GL_SELECT);
   api_glPushName(3);
   api_glRasterPos3f(5, 6, 0.5f);            /* window z 0.25 */
   st_select_raster_pos(ctx);
   api_glRasterPos3f(5, 6, 4.0f);            /* outside the view volume: invalid */
   st_select_raster_pos(ctx);
   CHECK(st_select_pixel_command(ctx, GL_DRAW_PIXEL_TOKEN), "select mode does not draw");
   CHECK_EQ_INT(api_glRenderMode(GL_RENDER), 1);
   CHECK_EQ_INT(buf[0], 1);
   CHECK(fabs(buf[1] / 4294967295.0 - 0.25) < 1e-6 && buf[1] == buf[2], "raster z %u %u",
         buf[1], buf[2]);
   CHECK_EQ_INT(buf[3], 3);

   GLfloat fb[16];
   api_glFeedbackBuffer(16, GL_3D, fb);
   api_glRenderMode(GL_FEEDBACK);
   api_glRasterPos3f(5, 6, 0.5f);
   CHECK(st_select_pixel_command(ctx, GL_BITMAP_TOKEN), "feedback does not draw");
   api_glRasterPos3f(5, 6, 4.0f);
   st_select_pixel_command(ctx, GL_COPY_PIXEL_TOKEN);   /* invalid: nothing */
   CHECK_EQ_INT(api_glRenderMode(GL_RENDER), 4);
   CHECK(fb[0] == (GLfloat)GL_BITMAP_TOKEN && fb[1] == 5.0f && fb[2] == 6.0f &&
         fabsf(fb[3] - 0.25f) < 1e-6f, "bitmap token %g %g %g %g", fb[0], fb[1], fb[2], fb[3]);
   CHECK_GL_ERROR(GL_NO_ERROR);
}


/* ---- GL_NV_conditional_render ------------------------------------------- */

/* a query whose result is the samples of a w x h rectangle (0: none) */
static GLuint
query_of(GLuint id, float w, float h)
{
   api_glBeginQuery(GL_SAMPLES_PASSED, id);
   if (w > 0 && h > 0)
      rect(0, 0, w, h, 0);
   api_glEndQuery(GL_SAMPLES_PASSED);
   return id;
}

static void
test_cond_render_errors(void)
{
   const char *ext = (const char *)api_glGetString(GL_EXTENSIONS);
   CHECK(ext && strstr(ext, "GL_NV_conditional_render"), "GL_NV_conditional_render listed");
   GLuint q[2];
   api_glGenQueries(2, q);
   /* a generated name that never was begun is no query object, nor is 0 */
   api_glBeginConditionalRenderNV(q[0], GL_QUERY_WAIT_NV);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glBeginConditionalRenderNV(0, GL_QUERY_WAIT_NV);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glBeginConditionalRenderNV(4242, GL_QUERY_NO_WAIT_NV);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   query_of(q[0], 4, 4);
   /* a bad mode is INVALID_ENUM, also with a good query */
   api_glBeginConditionalRenderNV(q[0], GL_QUERY_RESULT);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glBeginConditionalRenderNV(q[0], GL_QUERY_BY_REGION_NO_WAIT_NV + 1);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   /* End without Begin */
   api_glEndConditionalRenderNV();
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   /* a query in progress cannot be the condition */
   api_glBeginQuery(GL_SAMPLES_PASSED, q[1]);
   api_glBeginConditionalRenderNV(q[1], GL_QUERY_WAIT_NV);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glEndQuery(GL_SAMPLES_PASSED);
   CHECK_GL_ERROR(GL_NO_ERROR);
   /* every mode is accepted; Begin while active is INVALID_OPERATION and
    * leaves the first one active */
   static const GLenum modes[] = { GL_QUERY_WAIT_NV, GL_QUERY_NO_WAIT_NV,
                                   GL_QUERY_BY_REGION_WAIT_NV, GL_QUERY_BY_REGION_NO_WAIT_NV };
   for (unsigned i = 0; i < 4; i++) {
      api_glBeginConditionalRenderNV(q[0], modes[i]);
      CHECK_GL_ERROR(GL_NO_ERROR);
      api_glBeginConditionalRenderNV(q[1], modes[i]);
      CHECK_GL_ERROR(GL_INVALID_OPERATION);
      /* the condition's query cannot be begun while it is used */
      api_glBeginQuery(GL_SAMPLES_PASSED, q[0]);
      CHECK_GL_ERROR(GL_INVALID_OPERATION);
      CHECK_EQ_INT(query_current(), 0);
      api_glEndConditionalRenderNV();
      CHECK_GL_ERROR(GL_NO_ERROR);
   }
   api_glEndConditionalRenderNV();
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   /* inside glBegin/glEnd: INVALID_OPERATION (and nothing starts) */
   api_glBegin(GL_POINTS);
   api_glBeginConditionalRenderNV(q[0], GL_QUERY_WAIT_NV);
   api_glEnd();
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glEndConditionalRenderNV();
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glDeleteQueries(2, q);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* under a query that saw no samples each rendering command is discarded;
 * under one that saw some (or after End) they render; state commands and
 * copies to textures are not rendering commands */
static void
test_cond_render_discards(void)
{
   api_glClearColor(0, 0, 0, 0);
   api_glClear(GL_COLOR_BUFFER_BIT);
   GLuint q[2];
   api_glGenQueries(2, q);
   query_of(q[0], 0, 0);     /* zero samples */
   query_of(q[1], 2, 2);     /* four */
   static const GLenum modes[] = { GL_QUERY_WAIT_NV, GL_QUERY_NO_WAIT_NV,
                                   GL_QUERY_BY_REGION_WAIT_NV, GL_QUERY_BY_REGION_NO_WAIT_NV };
   for (unsigned m = 0; m < 4; m++) {
      api_glClearColor(0, 0, 0, 0);
      api_glClear(GL_COLOR_BUFFER_BIT);
      api_glBeginConditionalRenderNV(q[0], modes[m]);
      /* glClear */
      api_glClearColor(1, 0, 0, 0);
      api_glClear(GL_COLOR_BUFFER_BIT);
      CHECK_PX_RGB(20, 20, 0, 0, 0, 0);
      /* immediate mode and vertex arrays */
      api_glColor3f(0, 1, 0);
      rect(0, 0, 8, 8, 0);
      static const GLfloat v[8] = { 8, 0, 16, 0, 16, 8, 8, 8 };
      api_glVertexPointer(2, GL_FLOAT, 0, v);
      api_glEnableClientState(GL_VERTEX_ARRAY);
      api_glDrawArrays(GL_QUADS, 0, 4);
      api_glDisableClientState(GL_VERTEX_ARRAY);
      api_glRectf(16, 0, 24, 8);
      CHECK_PX_RGB(4, 4, 0, 0, 0, 0);
      CHECK_PX_RGB(12, 4, 0, 0, 0, 0);
      CHECK_PX_RGB(20, 4, 0, 0, 0, 0);
      /* pixel rectangles: glDrawPixels, glCopyPixels, glBitmap (whose
       * raster position does not move either) */
      api_glRasterPos2f(0, 10);
      static const GLubyte white[4 * 4 * 4] = {
         255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
         255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
         255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
         255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255 };
      api_glDrawPixels(4, 4, GL_RGBA, GL_UNSIGNED_BYTE, white);
      CHECK_PX_RGB(1, 11, 0, 0, 0, 0);
      static const GLubyte bits[4] = { 0xf0, 0xf0, 0xf0, 0xf0 };
      api_glBitmap(4, 4, 0, 0, 5, 0, bits);
      CHECK_PX_RGB(1, 11, 0, 0, 0, 0);
      GLfloat rp[4];
      api_glGetFloatv(GL_CURRENT_RASTER_POSITION, rp);
      CHECK(rp[0] == 0 && rp[1] == 10, "raster position %g %g", (double)rp[0], (double)rp[1]);
      /* the errors of a discarded command are still raised */
      api_glDrawPixels(-1, 4, GL_RGBA, GL_UNSIGNED_BYTE, white);
      CHECK_GL_ERROR(GL_INVALID_VALUE);
      api_glClear(0x1);
      CHECK_GL_ERROR(GL_INVALID_VALUE);
      api_glEndConditionalRenderNV();
      CHECK_GL_ERROR(GL_NO_ERROR);
   }
   /* a glCopyPixels of a white square is discarded; after End it copies */
   api_glColor3f(1, 1, 1);
   rect(0, 0, 4, 4, 0);
   api_glBeginConditionalRenderNV(q[0], GL_QUERY_WAIT_NV);
   api_glRasterPos2f(10, 10);
   api_glCopyPixels(0, 0, 4, 4, GL_COLOR);
   CHECK_PX_RGB(11, 11, 0, 0, 0, 0);
   api_glEndConditionalRenderNV();
   api_glCopyPixels(0, 0, 4, 4, GL_COLOR);
   CHECK_PX_RGB(11, 11, 255, 255, 255, 0);

   /* a query with samples: everything renders */
   api_glBeginConditionalRenderNV(q[1], GL_QUERY_WAIT_NV);
   api_glClearColor(0, 0, 1, 0);
   api_glClear(GL_COLOR_BUFFER_BIT);
   CHECK_PX_RGB(20, 20, 0, 0, 255, 0);
   api_glColor3f(0, 1, 0);
   rect(0, 0, 8, 8, 0);
   CHECK_PX_RGB(4, 4, 0, 255, 0, 0);
   api_glEndConditionalRenderNV();

   /* the condition is the result when Begin ran: drawing inside does not
    * change it, nor does a later query's count */
   api_glBeginConditionalRenderNV(q[0], GL_QUERY_NO_WAIT_NV);
   rect(0, 0, 32, 32, 0);
   CHECK_PX_RGB(20, 20, 0, 0, 255, 0);
   api_glEndConditionalRenderNV();
   /* after End: rendered */
   api_glColor3f(1, 0, 0);
   rect(0, 0, 32, 32, 0);
   CHECK_PX_RGB(20, 20, 255, 0, 0, 0);
   /* the query may be deleted while used: the decision stays */
   api_glBeginConditionalRenderNV(q[0], GL_QUERY_WAIT_NV);
   api_glDeleteQueries(1, &q[0]);
   api_glClearColor(0, 0, 0, 0);
   api_glClear(GL_COLOR_BUFFER_BIT);
   CHECK_PX_RGB(20, 20, 255, 0, 0, 0);
   api_glEndConditionalRenderNV();
   api_glDeleteQueries(1, &q[1]);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

int
main(void)
{
   struct test_env e;
   bool ok = test_env_init(&e, W, H);
   CHECK(ok, "context");
   if (ok) {
      test_query_errors();
      test_query_counts();
      test_query_33();
      test_select();
      test_feedback();
      test_raster_hooks(e.ctx);
      test_cond_render_errors();
      test_cond_render_discards();
      /* a query left active and undeleted is released with the context */
      GLuint q;
      api_glGenQueries(1, &q);
      api_glBeginQuery(GL_SAMPLES_PASSED, q);
   }
   test_env_fini(&e);
   return st_test_finish("st_test_query");
}
