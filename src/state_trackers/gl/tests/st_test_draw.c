/*
 * Drawing end to end: refpipe on the null winsys, a fake double-buffered
 * drawable with depth, fixed-function drawing through glBegin/glEnd and
 * client arrays, read back with glReadPixels (GL's y-up coordinates) and
 * compared with expectations computed here: point-in-triangle by edge
 * functions, colours by barycentric interpolation.
 */
#include <math.h>
#include <string.h>

#include "frontend/drisw_api.h"
#include "pipe-loader/pipe_loader.h"
#include "pipe/p_screen.h"
#include "st_api.h"
#include "st_context.h"
#include "st_draw.h"
#include "st_test_fb.h"
#include "st_test_util.h"
#include "util/u_inlines.h"

#define W 32
#define H 32


/* --- the reference ----------------------------------------------------------- */

struct tri {
   float x[3], y[3];
   float c[3][3];
};

static const struct tri ref_tri = {
   { 2.0f, 29.0f, 11.0f },
   { 1.5f, 5.0f, 28.0f },
   { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } },
};

/* Barycentric coordinates of (px, py); false if too close to an edge to
 * decide coverage (ties are the rasterizer's business). */
static bool
barycentric(const struct tri *t, float px, float py, double l[3])
{
   double area = (t->x[1] - t->x[0]) * (double)(t->y[2] - t->y[0]) -
                 (t->x[2] - t->x[0]) * (double)(t->y[1] - t->y[0]);
   for (int i = 0; i < 3; i++) {
      int j = (i + 1) % 3, k = (i + 2) % 3;
      double e = (t->x[k] - t->x[j]) * (py - (double)t->y[j]) -
                 (t->y[k] - t->y[j]) * (px - (double)t->x[j]);
      l[i] = e / area;
   }
   for (int i = 0; i < 3; i++)
      if (fabs(l[i]) < 0.02)
         return false;
   return true;
}

static void
read_all(uint8_t *px)
{
   api_glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, px);
}

static void
clear_black(void)
{
   api_glClearColor(0, 0, 0, 0);
   api_glClearDepth(1.0);
   api_glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
}

static void
immediate_tri(const struct tri *t)
{
   api_glBegin(GL_TRIANGLES);
   for (int i = 0; i < 3; i++) {
      api_glColor3f(t->c[i][0], t->c[i][1], t->c[i][2]);
      api_glVertex2f(t->x[i], t->y[i]);
   }
   api_glEnd();
}

/* flat: every covered pixel has the last vertex's colour */
static int
check_tri(const uint8_t *px, const struct tri *t, bool flat, const char *what)
{
   int covered = 0, bad = 0;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         const uint8_t *p = px + 4 * (y * W + x);
         double l[3];
         if (!barycentric(t, x + 0.5f, y + 0.5f, l))
            continue;
         bool inside = l[0] > 0 && l[1] > 0 && l[2] > 0;
         for (int c = 0; c < 3; c++) {
            double v = flat ? t->c[2][c] : l[0] * t->c[0][c] + l[1] * t->c[1][c] + l[2] * t->c[2][c];
            int expect = inside ? (int)lround(v * 255.0) : 0;
            if (abs(p[c] - expect) > 2) {
               if (bad++ < 5)
                  fprintf(stderr, "%s: pixel %d,%d channel %d = %d, expected %d (%s)\n", what,
                          x, y, c, p[c], expect, inside ? "inside" : "outside");
            }
         }
         covered += inside;
      }
   CHECK(bad == 0, "%s: %d mismatching channels", what, bad);
   return covered;
}

static void
test_immediate(void)
{
   static uint8_t px[W * H * 4];
   clear_black();
   immediate_tri(&ref_tri);
   CHECK_GL_ERROR(GL_NO_ERROR);
   read_all(px);
   int covered = check_tri(px, &ref_tri, false, "smooth triangle");
   CHECK(covered > 200, "covered %d pixels", covered);
   /* the bottom vertex is near GL y = 1.5: row 2 has coverage near x = 3..6 */
   CHECK(px[4 * (2 * W + 5) + 0] > 100, "bottom of the window is GL y = 0");

   api_glShadeModel(GL_FLAT);
   clear_black();
   immediate_tri(&ref_tri);
   read_all(px);
   check_tri(px, &ref_tri, true, "flat triangle");
   api_glShadeModel(GL_SMOOTH);
   CHECK_GL_ERROR(GL_NO_ERROR);

   /* a translated copy inside Push/Pop leaves the modelview unchanged */
   api_glPushMatrix();
   api_glTranslatef(100.0f, 0, 0);
   api_glPopMatrix();
   clear_black();
   immediate_tri(&ref_tri);
   read_all(px);
   check_tri(px, &ref_tri, false, "after push/pop");

   /* translate moves the triangle off the window */
   api_glPushMatrix();
   api_glTranslatef(100.0f, 0, 0);
   clear_black();
   immediate_tri(&ref_tri);
   api_glPopMatrix();
   read_all(px);
   int lit = 0;
   for (int i = 0; i < W * H; i++)
      lit += px[4 * i] || px[4 * i + 1] || px[4 * i + 2];
   CHECK_EQ_INT(lit, 0);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

static void
quad(float x0, float x1, float z, float r, float g, float b)
{
   api_glColor3f(r, g, b);
   api_glBegin(GL_QUADS);
   api_glVertex3f(x0, 4, z);
   api_glVertex3f(x1, 4, z);
   api_glVertex3f(x1, 28, z);
   api_glVertex3f(x0, 28, z);
   api_glEnd();
}

static void
check_px(const uint8_t *px, int x, int y, int r, int g, int b, const char *what)
{
   const uint8_t *p = px + 4 * (y * W + x);
   CHECK(abs(p[0] - r) <= 2 && abs(p[1] - g) <= 2 && abs(p[2] - b) <= 2,
         "%s at %d,%d: %d %d %d, expected %d %d %d", what, x, y, p[0], p[1], p[2], r, g, b);
}

static void
test_depth(void)
{
   static uint8_t px[W * H * 4];
   /* glOrtho(near -1, far 1): z_ndc = -z, so z = 0.5 is nearer than z = -0.5 */
   api_glEnable(GL_DEPTH_TEST);
   clear_black();
   quad(4, 20, -0.5f, 1, 0, 0);    /* far, red */
   quad(12, 28, 0.5f, 0, 1, 0);    /* near, green */
   read_all(px);
   check_px(px, 8, 16, 255, 0, 0, "far only");
   check_px(px, 16, 16, 0, 255, 0, "overlap, near drawn last");
   check_px(px, 24, 16, 0, 255, 0, "near only");

   clear_black();
   quad(12, 28, 0.5f, 0, 1, 0);    /* near first */
   quad(4, 20, -0.5f, 1, 0, 0);
   read_all(px);
   check_px(px, 16, 16, 0, 255, 0, "overlap, near drawn first");
   check_px(px, 8, 16, 255, 0, 0, "far only (2)");

   api_glDepthFunc(GL_GREATER);
   api_glClearDepth(0.0);
   api_glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   quad(12, 28, 0.5f, 0, 1, 0);
   quad(4, 20, -0.5f, 1, 0, 0);
   read_all(px);
   check_px(px, 16, 16, 255, 0, 0, "GL_GREATER keeps the far one");
   api_glDepthFunc(GL_LESS);

   api_glDisable(GL_DEPTH_TEST);
   clear_black();
   quad(12, 28, 0.5f, 0, 1, 0);
   quad(4, 20, -0.5f, 1, 0, 0);
   read_all(px);
   check_px(px, 16, 16, 255, 0, 0, "no depth test: last wins");
   CHECK_GL_ERROR(GL_NO_ERROR);
}

static void
test_cull(void)
{
   static uint8_t px[W * H * 4];
   /* ref_tri is counter-clockwise in GL's y-up window coordinates */
   api_glEnable(GL_CULL_FACE);
   api_glCullFace(GL_BACK);
   clear_black();
   immediate_tri(&ref_tri);
   read_all(px);
   check_tri(px, &ref_tri, false, "CCW front face kept");
   api_glCullFace(GL_FRONT);
   clear_black();
   immediate_tri(&ref_tri);
   read_all(px);
   check_px(px, 14, 12, 0, 0, 0, "CCW front face culled");
   api_glFrontFace(GL_CW);
   clear_black();
   immediate_tri(&ref_tri);
   read_all(px);
   check_tri(px, &ref_tri, false, "CCW is the back face with GL_CW");
   api_glFrontFace(GL_CCW);
   api_glCullFace(GL_BACK);
   api_glDisable(GL_CULL_FACE);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

static void
test_arrays(void)
{
   static uint8_t ref[W * H * 4], px[W * H * 4];
   clear_black();
   immediate_tri(&ref_tri);
   read_all(ref);

   /* glDrawArrays: float positions, float colours, a stride */
   struct { float pos[3]; float pad; float col[4]; } v[3];
   for (int i = 0; i < 3; i++) {
      v[i].pos[0] = ref_tri.x[i];
      v[i].pos[1] = ref_tri.y[i];
      v[i].pos[2] = 0;
      memcpy(v[i].col, ref_tri.c[i], 3 * sizeof(float));
      v[i].col[3] = 1;
   }
   api_glVertexPointer(3, GL_FLOAT, sizeof v[0], v[0].pos);
   api_glColorPointer(4, GL_FLOAT, sizeof v[0], v[0].col);
   api_glEnableClientState(GL_VERTEX_ARRAY);
   api_glEnableClientState(GL_COLOR_ARRAY);
   CHECK(api_glIsEnabled(GL_VERTEX_ARRAY) == GL_TRUE, "GL_VERTEX_ARRAY enabled");
   clear_black();
   api_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_GL_ERROR(GL_NO_ERROR);
   read_all(px);
   CHECK(!memcmp(px, ref, sizeof px), "glDrawArrays == immediate mode");

   /* GL_EXT_vertex_array: the same arrays through the counted commands; a
    * negative count is GL_INVALID_VALUE and changes nothing */
   api_glVertexPointerEXT(3, GL_FLOAT, sizeof v[0], -1, NULL);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   void *p = NULL;
   api_glGetPointervEXT(GL_VERTEX_ARRAY_POINTER, &p);
   CHECK(p == v[0].pos, "vertex pointer after a bad count: %p", p);
   api_glVertexPointerEXT(3, GL_FLOAT, sizeof v[0], 3, v[0].pos);
   api_glColorPointerEXT(4, GL_FLOAT, sizeof v[0], 3, v[0].col);
   api_glEdgeFlagPointerEXT(0, -2, NULL);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   clear_black();
   api_glDrawArraysEXT(GL_TRIANGLES, 0, 3);
   CHECK_GL_ERROR(GL_NO_ERROR);
   read_all(px);
   CHECK(!memcmp(px, ref, sizeof px), "glDrawArraysEXT == immediate mode");
   clear_black();
   api_glBegin(GL_TRIANGLES);
   for (int i = 0; i < 3; i++)
      api_glArrayElementEXT(i);
   api_glEnd();
   CHECK_GL_ERROR(GL_NO_ERROR);
   read_all(px);
   CHECK(!memcmp(px, ref, sizeof px), "glArrayElementEXT == immediate mode");
   /* GL_OES_read_format on desktop: the pair glReadPixels takes */
   GLint rt = 0, rf = 0;
   api_glGetIntegerv(GL_IMPLEMENTATION_COLOR_READ_TYPE_OES, &rt);
   api_glGetIntegerv(GL_IMPLEMENTATION_COLOR_READ_FORMAT_OES, &rf);
   CHECK(rt == GL_UNSIGNED_BYTE && rf == GL_RGBA, "read format 0x%x/0x%x", rf, rt);
   CHECK_GL_ERROR(GL_NO_ERROR);

   /* glDrawElements with shuffled double positions and ubyte colours,
    * indices of each size */
   double pos[5][2] = { { 0 } };
   uint8_t col[5][3] = { { 0 } };
   const int where[3] = { 2, 4, 1 };
   for (int i = 0; i < 3; i++) {
      pos[where[i]][0] = ref_tri.x[i];
      pos[where[i]][1] = ref_tri.y[i];
      for (int c = 0; c < 3; c++)
         col[where[i]][c] = (uint8_t)(ref_tri.c[i][c] * 255.0f);
   }
   api_glVertexPointer(2, GL_DOUBLE, 0, pos);
   api_glColorPointer(3, GL_UNSIGNED_BYTE, 0, col);
   const uint8_t i8[3] = { 2, 4, 1 };
   const uint16_t i16[3] = { 2, 4, 1 };
   const uint32_t i32[3] = { 2, 4, 1 };
   const void *idx[3] = { i8, i16, i32 };
   const GLenum types[3] = { GL_UNSIGNED_BYTE, GL_UNSIGNED_SHORT, GL_UNSIGNED_INT };
   for (int t = 0; t < 3; t++) {
      clear_black();
      api_glDrawElements(GL_TRIANGLES, 3, types[t], idx[t]);
      CHECK_GL_ERROR(GL_NO_ERROR);
      read_all(px);
      CHECK(!memcmp(px, ref, sizeof px), "glDrawElements (index type 0x%x) == immediate",
            types[t]);
   }

   /* glArrayElement between glBegin and glEnd */
   clear_black();
   api_glBegin(GL_TRIANGLES);
   for (int i = 0; i < 3; i++)
      api_glArrayElement((GLint)i16[i]);
   api_glEnd();
   CHECK_GL_ERROR(GL_NO_ERROR);
   read_all(px);
   CHECK(!memcmp(px, ref, sizeof px), "glArrayElement == immediate mode");

   /* no vertex array: nothing drawn */
   api_glDisableClientState(GL_VERTEX_ARRAY);
   clear_black();
   api_glDrawArrays(GL_TRIANGLES, 0, 3);
   read_all(px);
   check_px(px, 14, 12, 0, 0, 0, "no vertex array");
   api_glDisableClientState(GL_COLOR_ARRAY);
   CHECK(api_glIsEnabled(GL_VERTEX_ARRAY) == GL_FALSE, "GL_VERTEX_ARRAY disabled");
   CHECK_GL_ERROR(GL_NO_ERROR);
}

static void
test_state_misc(void)
{
   static uint8_t px[W * H * 4];
   GLint iv[4];

   /* additive blending */
   api_glEnable(GL_BLEND);
   api_glBlendFunc(GL_ONE, GL_ONE);
   clear_black();
   quad(4, 28, 0, 0.25f, 0, 0);
   quad(4, 28, 0, 0.25f, 0.5f, 0);
   read_all(px);
   check_px(px, 16, 16, 128, 128, 0, "GL_ONE, GL_ONE blending");
   api_glBlendEquation(GL_FUNC_REVERSE_SUBTRACT);   /* dst - src */
   quad(4, 28, 0, 0.25f, 0.25f, 0);
   read_all(px);
   check_px(px, 16, 16, 64, 64, 0, "reverse subtract");
   api_glBlendEquation(GL_FUNC_ADD);
   api_glBlendFunc(GL_ONE, GL_ZERO);
   api_glDisable(GL_BLEND);

   /* colour mask */
   clear_black();
   api_glColorMask(GL_FALSE, GL_TRUE, GL_TRUE, GL_TRUE);
   quad(4, 28, 0, 1, 1, 1);
   api_glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   read_all(px);
   check_px(px, 16, 16, 0, 255, 255, "red masked");

   /* polygon mode GL_LINE: the inside stays clear, the outline is drawn */
   api_glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
   clear_black();
   quad(4, 28, 0, 1, 1, 1);
   read_all(px);
   check_px(px, 16, 16, 0, 0, 0, "GL_LINE interior");
   int lit = 0;
   for (int i = 0; i < W * H; i++)
      lit += px[4 * i] > 128;
   CHECK(lit >= 2 * 24 + 2 * 20 && lit < 200, "GL_LINE outline has %d pixels", lit);
   api_glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);

   /* glGet and the attribute stacks */
   api_glPushAttrib(GL_LIGHTING_BIT | GL_POLYGON_BIT | GL_DEPTH_BUFFER_BIT | GL_CURRENT_BIT |
                    GL_TRANSFORM_BIT);
   api_glShadeModel(GL_FLAT);
   api_glCullFace(GL_FRONT);
   api_glFrontFace(GL_CW);
   api_glPolygonMode(GL_BACK, GL_POINT);
   api_glDepthFunc(GL_EQUAL);
   api_glColor4f(0.5f, 0.25f, 0, 1);
   api_glMatrixMode(GL_PROJECTION);
   api_glGetIntegerv(GL_SHADE_MODEL, iv);
   CHECK_EQ_INT(iv[0], GL_FLAT);
   api_glGetIntegerv(GL_POLYGON_MODE, iv);
   CHECK(iv[0] == GL_FILL && iv[1] == GL_POINT, "polygon mode 0x%x 0x%x", iv[0], iv[1]);
   api_glGetIntegerv(GL_MATRIX_MODE, iv);
   CHECK_EQ_INT(iv[0], GL_PROJECTION);
   GLfloat fv[4];
   api_glGetFloatv(GL_CURRENT_COLOR, fv);
   CHECK(fv[0] == 0.5f && fv[1] == 0.25f && fv[2] == 0 && fv[3] == 1, "current colour");
   api_glPopAttrib();
   api_glGetIntegerv(GL_SHADE_MODEL, iv);
   CHECK_EQ_INT(iv[0], GL_SMOOTH);
   api_glGetIntegerv(GL_CULL_FACE_MODE, iv);
   CHECK_EQ_INT(iv[0], GL_BACK);
   api_glGetIntegerv(GL_FRONT_FACE, iv);
   CHECK_EQ_INT(iv[0], GL_CCW);
   api_glGetIntegerv(GL_DEPTH_FUNC, iv);
   CHECK_EQ_INT(iv[0], GL_LESS);
   api_glGetIntegerv(GL_MATRIX_MODE, iv);
   CHECK_EQ_INT(iv[0], GL_MODELVIEW);
   api_glGetIntegerv(GL_MODELVIEW_STACK_DEPTH, iv);
   CHECK_EQ_INT(iv[0], 1);
   api_glPushMatrix();
   api_glGetIntegerv(GL_MODELVIEW_STACK_DEPTH, iv);
   CHECK_EQ_INT(iv[0], 2);
   /* translate then scale: M = T * S, column-major */
   api_glTranslatef(1, 2, 3);
   api_glScalef(2, 4, 8);
   GLfloat m[17];
   m[16] = -99.0f;
   api_glGetFloatv(GL_MODELVIEW_MATRIX, m);
   static const GLfloat expect_m[16] = { 2, 0, 0, 0, 0, 4, 0, 0, 0, 0, 8, 0, 1, 2, 3, 1 };
   CHECK(!memcmp(m, expect_m, sizeof expect_m) && m[16] == -99.0f, "modelview matrix");
   api_glPopMatrix();
   GLdouble pm[16];
   api_glGetDoublev(GL_PROJECTION_MATRIX, pm);   /* glOrtho(0, W, 0, H, -1, 1) */
   CHECK(fabs(pm[0] - 2.0 / W) < 1e-6 && fabs(pm[5] - 2.0 / H) < 1e-6 &&
         fabs(pm[10] + 1.0) < 1e-6 && fabs(pm[12] + 1.0) < 1e-6 && fabs(pm[13] + 1.0) < 1e-6 &&
         pm[14] == 0.0 && pm[15] == 1.0, "projection matrix");

   api_glPushClientAttrib(GL_CLIENT_VERTEX_ARRAY_BIT);
   api_glEnableClientState(GL_VERTEX_ARRAY);
   api_glPopClientAttrib();
   CHECK(api_glIsEnabled(GL_VERTEX_ARRAY) == GL_FALSE, "client attrib restored the array");
   CHECK_GL_ERROR(GL_NO_ERROR);

   /* the restored state draws as before */
   clear_black();
   immediate_tri(&ref_tri);
   read_all(px);
   check_tri(px, &ref_tri, false, "after glPopAttrib");
}

/* A viewport in the lower-left quarter and a scissor box: both in GL's
 * y-up window coordinates. */
static void
test_viewport_scissor(void)
{
   static uint8_t px[W * H * 4];
   struct tri half = ref_tri;
   for (int i = 0; i < 3; i++) {
      half.x[i] = ref_tri.x[i] * 0.5f;
      half.y[i] = ref_tri.y[i] * 0.5f;
   }
   api_glViewport(0, 0, W / 2, H / 2);
   clear_black();
   immediate_tri(&ref_tri);
   api_glViewport(0, 0, W, H);
   read_all(px);
   check_tri(px, &half, false, "half-size viewport");

   clear_black();
   api_glScissor(8, 2, 10, 6);   /* x 8..17, y 2..7 */
   api_glEnable(GL_SCISSOR_TEST);
   api_glColor3f(1, 1, 1);
   api_glBegin(GL_QUADS);
   api_glVertex2f(0, 0);
   api_glVertex2f(W, 0);
   api_glVertex2f(W, H);
   api_glVertex2f(0, H);
   api_glEnd();
   api_glDisable(GL_SCISSOR_TEST);
   read_all(px);
   int bad = 0;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         bool in = x >= 8 && x < 18 && y >= 2 && y < 8;
         bad += px[4 * (y * W + x)] != (in ? 255 : 0);
      }
   CHECK_EQ_INT(bad, 0);
   api_glScissor(0, 0, W, H);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* glFrustum and glRotatef: vertex positions projected here by hand. */
static void
test_transforms(void)
{
   static uint8_t px[W * H * 4];
   const float obj[3][2] = { { -0.8f, -0.9f }, { 0.9f, -0.3f }, { 0.1f, 0.85f } };
   struct tri expect;
   memset(&expect, 0, sizeof expect);

   /* frustum (-1, 1, -1, 1, 1, 10), z_eye = -2: x_ndc = x / 2 */
   api_glMatrixMode(GL_PROJECTION);
   api_glPushMatrix();
   api_glLoadIdentity();
   api_glFrustum(-1, 1, -1, 1, 1, 10);
   api_glMatrixMode(GL_MODELVIEW);
   clear_black();
   api_glColor3f(0, 1, 0);
   api_glBegin(GL_TRIANGLES);
   for (int i = 0; i < 3; i++) {
      api_glVertex3f(obj[i][0], obj[i][1], -2.0f);
      expect.x[i] = (obj[i][0] / 2.0f + 1.0f) * W / 2.0f;
      expect.y[i] = (obj[i][1] / 2.0f + 1.0f) * H / 2.0f;
      expect.c[i][1] = 1.0f;
   }
   api_glEnd();
   read_all(px);
   check_tri(px, &expect, false, "glFrustum");

   /* ortho (-1, 1) with a rotation of 90 degrees about z: (x, y) -> (-y, x) */
   api_glMatrixMode(GL_PROJECTION);
   api_glLoadIdentity();
   api_glOrtho(-1, 1, -1, 1, -1, 1);
   api_glMatrixMode(GL_MODELVIEW);
   api_glPushMatrix();
   api_glRotatef(90.0f, 0, 0, 1);
   clear_black();
   api_glBegin(GL_TRIANGLES);
   for (int i = 0; i < 3; i++) {
      api_glVertex2f(obj[i][0], obj[i][1]);
      expect.x[i] = (-obj[i][1] + 1.0f) * W / 2.0f;
      expect.y[i] = (obj[i][0] + 1.0f) * H / 2.0f;
   }
   api_glEnd();
   api_glPopMatrix();
   read_all(px);
   check_tri(px, &expect, false, "glRotatef");

   api_glMatrixMode(GL_PROJECTION);
   api_glPopMatrix();
   api_glMatrixMode(GL_MODELVIEW);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* Lighting with GL's initial light and material values (GL 2.1 2.14.1):
 * light 0 is white, directional along +z; material ambient 0.2, diffuse
 * 0.8, specular 0; light-model ambient 0.2.  With n = (0, 0, 1):
 * colour = 0.2 * 0.2 + 0.8 * 1 = 0.84, alpha = diffuse alpha 1. */
static void
test_default_lighting(void)
{
   static uint8_t px[W * H * 4];
   api_glEnable(GL_LIGHTING);
   api_glEnable(GL_LIGHT0);
   api_glNormal3f(0, 0, 1);
   clear_black();
   quad(4, 28, 0, 0, 0, 1);   /* the colour is ignored when lighting */
   read_all(px);
   int l = (int)lround(0.84 * 255.0);
   check_px(px, 16, 16, l, l, l, "default lighting");

   /* light 0 off: only the ambient terms, 0.2 * 0.2 */
   api_glDisable(GL_LIGHT0);
   clear_black();
   quad(4, 28, 0, 0, 0, 1);
   read_all(px);
   l = (int)lround(0.04 * 255.0);
   check_px(px, 16, 16, l, l, l, "ambient only");

   /* colour material (AMBIENT_AND_DIFFUSE): colour (0.5, 0.25, 0) becomes
    * the ambient and diffuse: c * (0.2 + 1) */
   api_glEnable(GL_LIGHT0);
   api_glEnable(GL_COLOR_MATERIAL);
   clear_black();
   quad(4, 28, 0, 0.5f, 0.25f, 0);
   read_all(px);
   check_px(px, 16, 16, (int)lround(0.6 * 255.0), (int)lround(0.3 * 255.0), 0,
            "colour material");
   api_glDisable(GL_COLOR_MATERIAL);
   api_glDisable(GL_LIGHT0);
   api_glDisable(GL_LIGHTING);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* --- lighting, fog and clip-plane values ------------------------------------ */

/* GL 2.1 2.14.1 for one light and n = (0, 0, 1), infinite viewer, computed
 * here in double: e + a_cm * a_lm + att * (a_cm * a_l + max(n.L, 0) d_cm d_l
 * + f max(n.h, 0)^s s_cm s_l), L the unit vector to the light from vertex p. */
struct ref_light {
   double amb[3], dif[3], spec[3], pos[4], k[3];
};
struct ref_mat {
   double amb[3], dif[3], spec[3], emi[3], shin;
};

static void
ref_lit(const struct ref_light *l, const struct ref_mat *m, const double lm[3],
        const double p[3], const double n[3], int out[3])
{
   double L[3], att = 1.0;
   if (l->pos[3] != 0.0) {
      double dist2 = 0.0;
      for (int i = 0; i < 3; i++) {
         L[i] = l->pos[i] / l->pos[3] - p[i];
         dist2 += L[i] * L[i];
      }
      double dist = sqrt(dist2);
      for (int i = 0; i < 3; i++)
         L[i] /= dist;
      att = 1.0 / (l->k[0] + l->k[1] * dist + l->k[2] * dist2);
   } else {
      double len = sqrt(l->pos[0] * l->pos[0] + l->pos[1] * l->pos[1] + l->pos[2] * l->pos[2]);
      for (int i = 0; i < 3; i++)
         L[i] = l->pos[i] / len;
   }
   double ndl = n[0] * L[0] + n[1] * L[1] + n[2] * L[2];
   double h[3] = { L[0], L[1], L[2] + 1.0 };
   double hl = sqrt(h[0] * h[0] + h[1] * h[1] + h[2] * h[2]);
   double ndh = (n[0] * h[0] + n[1] * h[1] + n[2] * h[2]) / hl;
   double spec = ndl > 0.0 ? pow(ndh > 0.0 ? ndh : 0.0, m->shin) : 0.0;
   if (ndl < 0.0)
      ndl = 0.0;
   for (int i = 0; i < 3; i++) {
      double c = m->emi[i] + m->amb[i] * lm[i] +
                 att * (m->amb[i] * l->amb[i] + ndl * m->dif[i] * l->dif[i] +
                        spec * m->spec[i] * l->spec[i]);
      c = c < 0.0 ? 0.0 : c > 1.0 ? 1.0 : c;
      out[i] = (int)lround(c * 255.0);
   }
}

static void
light4(GLenum l, GLenum pname, double a, double b, double c, double d)
{
   const GLfloat v[4] = { (float)a, (float)b, (float)c, (float)d };
   api_glLightfv(l, pname, v);
}

static void
mat4(GLenum face, GLenum pname, double a, double b, double c, double d)
{
   const GLfloat v[4] = { (float)a, (float)b, (float)c, (float)d };
   api_glMaterialfv(face, pname, v);
}

static void
set_light(GLenum l, const struct ref_light *r)
{
   light4(l, GL_AMBIENT, r->amb[0], r->amb[1], r->amb[2], 1);
   light4(l, GL_DIFFUSE, r->dif[0], r->dif[1], r->dif[2], 1);
   light4(l, GL_SPECULAR, r->spec[0], r->spec[1], r->spec[2], 1);
   light4(l, GL_POSITION, r->pos[0], r->pos[1], r->pos[2], r->pos[3]);
   api_glLightf(l, GL_CONSTANT_ATTENUATION, (float)r->k[0]);
   api_glLightf(l, GL_LINEAR_ATTENUATION, (float)r->k[1]);
   api_glLightf(l, GL_QUADRATIC_ATTENUATION, (float)r->k[2]);
}

static void
set_mat(GLenum face, const struct ref_mat *m)
{
   mat4(face, GL_AMBIENT, m->amb[0], m->amb[1], m->amb[2], 1);
   mat4(face, GL_DIFFUSE, m->dif[0], m->dif[1], m->dif[2], 1);
   mat4(face, GL_SPECULAR, m->spec[0], m->spec[1], m->spec[2], 1);
   mat4(face, GL_EMISSION, m->emi[0], m->emi[1], m->emi[2], 1);
   api_glMaterialf(face, GL_SHININESS, (float)m->shin);
}

static int
count_lit(const uint8_t *px)
{
   int n = 0;
   for (int i = 0; i < W * H; i++)
      if (px[4 * i] || px[4 * i + 1] || px[4 * i + 2])
         n++;
   return n;
}

static void
test_light_values(void)
{
   static uint8_t px[W * H * 4];
   int e[3];
   const double n[3] = { 0, 0, 1 };
   const double lm[3] = { 0.2, 0.2, 0.2 };   /* GL's initial light-model ambient */

   api_glPushAttrib(GL_LIGHTING_BIT);
   api_glEnable(GL_LIGHTING);
   api_glEnable(GL_LIGHT0);
   api_glNormal3f(0, 0, 1);

   /* directional light, ambient + diffuse */
   struct ref_light l = { { 0.1, 0.1, 0.1 }, { 1, 0.5, 1 }, { 0, 0, 0 }, { 0, 0.6, 0.8, 0 },
                          { 1, 0, 0 } };
   struct ref_mat m = { { 0.5, 0.25, 1 }, { 0.5, 0.5, 0.25 }, { 0, 0, 0 }, { 0, 0, 0 }, 0 };
   set_light(GL_LIGHT0, &l);
   set_mat(GL_FRONT_AND_BACK, &m);
   clear_black();
   quad(4, 28, 0, 1, 1, 1);
   read_all(px);
   const double p0[3] = { 16, 16, 0 };
   ref_lit(&l, &m, lm, p0, n, e);
   check_px(px, 16, 16, e[0], e[1], e[2], "directional light");

   /* point light at (16, 16, 10) with attenuation: all four corners at the
    * same distance, so the quad is uniform */
   struct ref_light pl = { { 0, 0, 0 }, { 1, 1, 1 }, { 0, 0, 0 }, { 16, 16, 10, 1 },
                           { 0.5, 0.02, 0.001 } };
   set_light(GL_LIGHT0, &pl);
   clear_black();
   quad(4, 28, 0, 1, 1, 1);
   read_all(px);
   const double corner[3] = { 4, 4, 0 };
   ref_lit(&pl, &m, lm, corner, n, e);
   check_px(px, 16, 16, e[0], e[1], e[2], "point light with attenuation");
   check_px(px, 5, 5, e[0], e[1], e[2], "point light with attenuation (corner)");

   /* specular with shininess 10 */
   struct ref_light sl = { { 0, 0, 0 }, { 0.25, 0.25, 0.25 }, { 0.5, 0.75, 1 },
                           { 0, 0.6, 0.8, 0 }, { 1, 0, 0 } };
   struct ref_mat sm = { { 0, 0, 0 }, { 0.5, 0.5, 0.5 }, { 1, 1, 0.5 }, { 0, 0, 0 }, 10 };
   set_light(GL_LIGHT0, &sl);
   set_mat(GL_FRONT_AND_BACK, &sm);
   clear_black();
   quad(4, 28, 0, 1, 1, 1);
   read_all(px);
   ref_lit(&sl, &sm, lm, p0, n, e);
   check_px(px, 16, 16, e[0], e[1], e[2], "specular");

   /* two-sided lighting on a back-facing (clockwise) quad: the back material
    * and the negated normal.  Normal (0,0,-1) -> back normal (0,0,1). */
   struct ref_mat front = { { 1, 0, 0 }, { 1, 0, 0 }, { 0, 0, 0 }, { 0, 0, 0 }, 0 };
   struct ref_mat back = { { 0, 0.5, 0 }, { 0, 0.25, 0.75 }, { 0, 0, 0 }, { 0, 0, 0 }, 0 };
   set_light(GL_LIGHT0, &l);
   set_mat(GL_FRONT, &front);
   set_mat(GL_BACK, &back);
   api_glLightModeli(GL_LIGHT_MODEL_TWO_SIDE, GL_TRUE);
   api_glNormal3f(0, 0, -1);
   clear_black();
   api_glBegin(GL_QUADS);
   api_glVertex2f(4, 4);
   api_glVertex2f(4, 28);
   api_glVertex2f(28, 28);
   api_glVertex2f(28, 4);
   api_glEnd();
   read_all(px);
   ref_lit(&l, &back, lm, p0, n, e);
   check_px(px, 16, 16, e[0], e[1], e[2], "two-sided, back face");
   api_glLightModeli(GL_LIGHT_MODEL_TWO_SIDE, GL_FALSE);
   api_glNormal3f(0, 0, 1);

   /* colour material: EMISSION of the front from the colour; light 0 off,
    * so colour = c + a * a_lm */
   api_glDisable(GL_LIGHT0);
   set_mat(GL_FRONT_AND_BACK, &m);
   api_glColorMaterial(GL_FRONT, GL_EMISSION);
   api_glEnable(GL_COLOR_MATERIAL);
   clear_black();
   quad(4, 28, 0, 0.25f, 0.5f, 0);
   read_all(px);
   check_px(px, 16, 16, (int)lround((0.25 + 0.5 * 0.2) * 255.0),
            (int)lround((0.5 + 0.25 * 0.2) * 255.0), (int)lround((0.0 + 1.0 * 0.2) * 255.0),
            "colour material emission");
   GLint iv[4];
   api_glGetIntegerv(GL_COLOR_MATERIAL_FACE, iv);
   CHECK_EQ_INT(iv[0], GL_FRONT);
   api_glGetIntegerv(GL_COLOR_MATERIAL_PARAMETER, iv);
   CHECK_EQ_INT(iv[0], GL_EMISSION);
   api_glPopAttrib();
   CHECK(!api_glIsEnabled(GL_LIGHTING) && !api_glIsEnabled(GL_COLOR_MATERIAL),
         "lighting enables popped");
   api_glGetIntegerv(GL_COLOR_MATERIAL_PARAMETER, iv);
   CHECK_EQ_INT(iv[0], GL_AMBIENT_AND_DIFFUSE);
   GLfloat fv[4];
   api_glGetMaterialfv(GL_BACK, GL_DIFFUSE, fv);
   /* pushed after the AMBIENT_AND_DIFFUSE colour-material test above, whose
    * glColor3f(0.5, 0.25, 0) the material tracked (GL 2.1 2.14.3) */
   CHECK(fabsf(fv[0] - 0.5f) < 1e-6f && fabsf(fv[1] - 0.25f) < 1e-6f && fabsf(fv[2]) < 1e-6f,
         "material popped");
   api_glGetLightfv(GL_LIGHT0, GL_POSITION, fv);
   CHECK(fv[0] == 0 && fv[1] == 0 && fv[2] == 1 && fv[3] == 0, "light position popped");
   CHECK_GL_ERROR(GL_NO_ERROR);

   /* eye-space light position and spot direction */
   api_glPushMatrix();
   api_glLoadIdentity();
   api_glTranslatef(1, 2, 3);
   light4(GL_LIGHT1, GL_POSITION, 0, 0, 0, 1);
   api_glRotatef(90, 0, 0, 1);    /* x -> y */
   const GLfloat dir[3] = { 1, 0, 0 };
   api_glLightfv(GL_LIGHT1, GL_SPOT_DIRECTION, dir);
   api_glPopMatrix();
   api_glGetLightfv(GL_LIGHT1, GL_POSITION, fv);
   CHECK(fv[0] == 1 && fv[1] == 2 && fv[2] == 3 && fv[3] == 1,
         "eye-space position %g %g %g %g", fv[0], fv[1], fv[2], fv[3]);
   api_glGetLightfv(GL_LIGHT1, GL_SPOT_DIRECTION, fv);
   CHECK(fabsf(fv[0]) < 1e-6f && fabsf(fv[1] - 1) < 1e-6f && fabsf(fv[2]) < 1e-6f,
         "eye-space spot direction %g %g %g", fv[0], fv[1], fv[2]);
   GLint li[4];
   api_glGetLightiv(GL_LIGHT1, GL_POSITION, li);
   CHECK(li[0] == 1 && li[1] == 2 && li[2] == 3 && li[3] == 1, "glGetLightiv position");
   light4(GL_LIGHT1, GL_POSITION, 0, 0, 1, 0);
   const GLfloat down[3] = { 0, 0, -1 };
   api_glLightfv(GL_LIGHT1, GL_SPOT_DIRECTION, down);
   CHECK_GL_ERROR(GL_NO_ERROR);

   /* linear fog on a quad at eye z = -0.5: f = (end - 0.5) / (end - start) */
   api_glPushAttrib(GL_FOG_BIT);
   api_glEnable(GL_FOG);
   api_glFogi(GL_FOG_MODE, GL_LINEAR);
   api_glFogf(GL_FOG_START, 0.0f);
   api_glFogf(GL_FOG_END, 2.0f);
   const GLfloat fogc[4] = { 0, 0, 1, 1 };
   api_glFogfv(GL_FOG_COLOR, fogc);
   clear_black();
   quad(4, 28, -0.5f, 1, 0, 0);
   read_all(px);
   double f = (2.0 - 0.5) / (2.0 - 0.0);
   check_px(px, 16, 16, (int)lround(f * 255.0), 0, (int)lround((1.0 - f) * 255.0),
            "linear fog");
   /* exp fog: f = exp(-density * 0.5) */
   api_glFogi(GL_FOG_MODE, GL_EXP);
   api_glFogf(GL_FOG_DENSITY, 0.75f);
   clear_black();
   quad(4, 28, -0.5f, 1, 0, 0);
   read_all(px);
   f = exp(-0.75 * 0.5);
   check_px(px, 16, 16, (int)lround(f * 255.0), 0, (int)lround((1.0 - f) * 255.0), "exp fog");
   api_glGetIntegerv(GL_FOG_MODE, iv);
   CHECK_EQ_INT(iv[0], GL_EXP);
   api_glGetFloatv(GL_FOG_COLOR, fv);
   CHECK(fv[0] == 0 && fv[2] == 1, "GL_FOG_COLOR");
   api_glPopAttrib();
   CHECK(!api_glIsEnabled(GL_FOG), "fog enable popped");
   api_glGetFloatv(GL_FOG_DENSITY, fv);
   CHECK(fv[0] == 1.0f, "fog density popped");
   api_glGetIntegerv(GL_FOG_MODE, iv);
   CHECK_EQ_INT(iv[0], GL_EXP);

   /* a user clip plane at eye x = 16, specified under a translation:
    * object plane (-1, 0, 0, 12) with x_eye = x_obj + 4 keeps x_eye <= 16 */
   api_glPushAttrib(GL_TRANSFORM_BIT);
   api_glPushMatrix();
   api_glTranslatef(4, 0, 0);
   const GLdouble plane[4] = { -1, 0, 0, 12 };
   api_glClipPlane(GL_CLIP_PLANE0, plane);
   api_glPopMatrix();
   GLdouble got[4];
   api_glGetClipPlane(GL_CLIP_PLANE0, got);
   CHECK(got[0] == -1 && got[1] == 0 && got[2] == 0 && got[3] == 16,
         "eye-space plane %g %g %g %g", got[0], got[1], got[2], got[3]);
   api_glEnable(GL_CLIP_PLANE0);
   clear_black();
   quad(4, 28, 0, 1, 1, 1);
   read_all(px);
   CHECK_EQ_INT(count_lit(px), 12 * 24);
   check_px(px, 15, 16, 255, 255, 255, "inside the plane");
   check_px(px, 16, 16, 0, 0, 0, "outside the plane");
   api_glPopAttrib();
   api_glGetClipPlane(GL_CLIP_PLANE0, got);
   CHECK(got[0] == 0 && got[3] == 0, "plane popped");
   CHECK(!api_glIsEnabled(GL_CLIP_PLANE0), "plane enable popped");
   clear_black();
   quad(4, 28, 0, 1, 1, 1);
   read_all(px);
   CHECK_EQ_INT(count_lit(px), 24 * 24);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

static void
test_light_errors(void)
{
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glLightf(GL_LIGHT0 + 8, GL_SPOT_EXPONENT, 1);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glLightf(GL_LIGHT0, GL_EMISSION, 1);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glLightf(GL_LIGHT0, GL_POSITION, 1);   /* not a scalar */
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glLightf(GL_LIGHT0, GL_SPOT_EXPONENT, 128.5f);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glLightf(GL_LIGHT0, GL_SPOT_EXPONENT, -0.5f);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glLightf(GL_LIGHT0, GL_SPOT_EXPONENT, 128);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glLighti(GL_LIGHT0, GL_SPOT_CUTOFF, 91);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glLightf(GL_LIGHT0, GL_SPOT_CUTOFF, 179);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glLightf(GL_LIGHT0, GL_SPOT_CUTOFF, -1);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glLightf(GL_LIGHT0, GL_SPOT_CUTOFF, 90);
   api_glLightf(GL_LIGHT0, GL_SPOT_CUTOFF, 180);
   api_glLightf(GL_LIGHT0, GL_SPOT_EXPONENT, 0);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glLightf(GL_LIGHT0, GL_CONSTANT_ATTENUATION, -1);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glLightf(GL_LIGHT0, GL_LINEAR_ATTENUATION, -1);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glLightf(GL_LIGHT0, GL_QUADRATIC_ATTENUATION, -1);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   GLfloat fv[4];
   api_glGetLightfv(GL_LIGHT0 + 8, GL_AMBIENT, fv);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glGetLightfv(GL_LIGHT0, GL_SHININESS, fv);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glGetLightfv(GL_LIGHT0, GL_SPOT_CUTOFF, fv);
   CHECK(fv[0] == 180.0f, "cutoff kept");

   api_glLightModeli(GL_FOG_MODE, 0);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glLightModeli(GL_LIGHT_MODEL_COLOR_CONTROL, GL_LINEAR);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glLightModelf(GL_LIGHT_MODEL_AMBIENT, 1);   /* a vector */
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glLightModeli(GL_LIGHT_MODEL_COLOR_CONTROL, GL_SEPARATE_SPECULAR_COLOR);
   GLint iv[4];
   api_glGetIntegerv(GL_LIGHT_MODEL_COLOR_CONTROL, iv);
   CHECK_EQ_INT(iv[0], GL_SEPARATE_SPECULAR_COLOR);
   api_glLightModeli(GL_LIGHT_MODEL_COLOR_CONTROL, GL_SINGLE_COLOR);
   GLboolean b = GL_TRUE;
   api_glGetBooleanv(GL_LIGHT_MODEL_LOCAL_VIEWER, &b);
   CHECK(b == GL_FALSE, "local viewer initial");
   api_glGetFloatv(GL_LIGHT_MODEL_AMBIENT, fv);
   CHECK(fabsf(fv[0] - 0.2f) < 1e-6f && fv[3] == 1.0f, "light-model ambient");
   CHECK_GL_ERROR(GL_NO_ERROR);

   api_glMaterialf(GL_FRONT, GL_SHININESS, 128.5f);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glMaterialf(GL_FRONT, GL_SHININESS, -1);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glMaterialf(GL_LEFT, GL_SHININESS, 1);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glMaterialf(GL_FRONT, GL_POSITION, 1);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glMaterialf(GL_FRONT, GL_DIFFUSE, 1);   /* a vector */
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glGetMaterialfv(GL_FRONT_AND_BACK, GL_DIFFUSE, fv);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glColorMaterial(GL_FRONT, GL_POSITION);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glColorMaterial(GL_LEFT, GL_DIFFUSE);
   CHECK_GL_ERROR(GL_INVALID_ENUM);

   api_glFogf(GL_FOG_DENSITY, -0.5f);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glFogi(GL_FOG_MODE, GL_LINEAR + 1);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glFogi(GL_FOG_COORD_SRC, GL_LINEAR);   /* GL 1.4 / EXT_fog_coord: a bad source */
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glFogf(GL_FOG_COLOR, 1);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   const GLdouble eq[4] = { 1, 0, 0, 0 };
   /* GL_MAX_CLIP_PLANES is 8 (GL 3.0's GL_MAX_CLIP_DISTANCES minimum) */
   api_glClipPlane(GL_CLIP_PLANE0 + 7, eq);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glClipPlane(GL_CLIP_PLANE0 + 8, eq);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   GLdouble got[4];
   api_glGetClipPlane(GL_CLIP_PLANE0 + 8, got);
   CHECK_GL_ERROR(GL_INVALID_ENUM);

   /* Begin/End: glMaterial allowed, the others refused */
   api_glBegin(GL_TRIANGLES);
   api_glMaterialf(GL_FRONT, GL_SHININESS, 5);
   api_glNormal3f(0, 0, 1);
   api_glEnd();
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glBegin(GL_TRIANGLES);
   api_glLightf(GL_LIGHT0, GL_SPOT_EXPONENT, 1);
   api_glEnd();
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glGetLightfv(GL_LIGHT0, GL_SPOT_EXPONENT, fv);
   CHECK(fv[0] == 0.0f, "glLight refused inside Begin/End");
   api_glGetMaterialfv(GL_FRONT, GL_SHININESS, fv);
   CHECK(fv[0] == 5.0f, "glMaterial inside Begin/End");
   api_glMaterialf(GL_FRONT, GL_SHININESS, 0);
   api_glBegin(GL_TRIANGLES);
   api_glFogf(GL_FOG_START, 1);
   api_glEnd();
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glBegin(GL_TRIANGLES);
   api_glClipPlane(GL_CLIP_PLANE0, eq);
   api_glEnd();
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glBegin(GL_TRIANGLES);
   api_glColorMaterial(GL_FRONT, GL_DIFFUSE);
   api_glEnd();
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glBegin(GL_TRIANGLES);
   api_glLightModeli(GL_LIGHT_MODEL_TWO_SIDE, 1);
   api_glEnd();
   CHECK_GL_ERROR(GL_INVALID_OPERATION);

   /* NULL pointers do not crash */
   api_glLightfv(GL_LIGHT0, GL_AMBIENT, NULL);
   api_glLightiv(GL_LIGHT0, GL_AMBIENT, NULL);
   api_glMaterialfv(GL_FRONT, GL_AMBIENT, NULL);
   api_glFogfv(GL_FOG_COLOR, NULL);
   api_glClipPlane(GL_CLIP_PLANE0, NULL);
   api_glGetLightfv(GL_LIGHT0, GL_AMBIENT, NULL);
   api_glGetClipPlane(GL_CLIP_PLANE0, NULL);
   CHECK_GL_ERROR(GL_NO_ERROR);

   /* integer colours are normalized: INT_MAX -> 1 */
   const GLint big[4] = { 0x7fffffff, 0, 0x7fffffff, 0x7fffffff };
   api_glLightiv(GL_LIGHT3, GL_AMBIENT, big);
   api_glGetLightfv(GL_LIGHT3, GL_AMBIENT, fv);
   CHECK(fabsf(fv[0] - 1.0f) < 1e-6f && fabsf(fv[1]) < 1e-6f, "glLightiv colour");
   const GLint zero[4] = { 0, 0, 0, 0x7fffffff };
   api_glLightiv(GL_LIGHT3, GL_AMBIENT, zero);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

static void
test_errors(void)
{
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glEnd();
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glBegin(0x1234);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   /* GL 3.2's adjacency modes are Begin modes of the compatibility profile;
    * the next value, GL_PATCHES, is GL 4.0's */
   api_glBegin(GL_TRIANGLE_STRIP_ADJACENCY + 1);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glMatrixMode(GL_COLOR);
   CHECK_GL_ERROR(GL_INVALID_ENUM);

   /* stacks */
   api_glMatrixMode(GL_MODELVIEW);
   api_glPopMatrix();
   CHECK_GL_ERROR(GL_STACK_UNDERFLOW);
   int pushed = 0;
   for (int i = 0; i < 100; i++) {
      api_glPushMatrix();
      if (api_glGetError() == GL_STACK_OVERFLOW)
         break;
      pushed++;
   }
   CHECK_EQ_INT(pushed, ST_MODELVIEW_STACK_DEPTH - 1);
   for (int i = 0; i < pushed; i++)
      api_glPopMatrix();
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glPopMatrix();
   CHECK_GL_ERROR(GL_STACK_UNDERFLOW);
   api_glMatrixMode(GL_PROJECTION);
   api_glPushMatrix();
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glPopMatrix();
   api_glPopMatrix();
   CHECK_GL_ERROR(GL_STACK_UNDERFLOW);
   api_glMatrixMode(GL_MODELVIEW);
   api_glOrtho(0, 0, 0, 1, 0, 1);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glFrustum(-1, 1, -1, 1, 0, 1);
   CHECK_GL_ERROR(GL_INVALID_VALUE);

   /* arrays */
   api_glDrawArrays(GL_TRIANGLES, 0, -1);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glDrawArrays(0x1234, 0, 3);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glDrawElements(GL_TRIANGLES, -1, GL_UNSIGNED_INT, NULL);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glDrawElements(GL_TRIANGLES, 3, GL_FLOAT, NULL);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glVertexPointer(1, GL_FLOAT, 0, NULL);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glVertexPointer(3, GL_UNSIGNED_BYTE, 0, NULL);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glColorPointer(3, GL_FLOAT, -4, NULL);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glNormalPointer(GL_UNSIGNED_BYTE, 0, NULL);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glTexCoordPointer(5, GL_FLOAT, 0, NULL);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glEnableClientState(GL_DEPTH_TEST);
   CHECK_GL_ERROR(GL_INVALID_ENUM);

   /* state */
   api_glShadeModel(GL_LINE);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glDepthFunc(GL_ZERO);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glCullFace(GL_LEFT);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glFrontFace(GL_FRONT);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glPolygonMode(GL_FRONT, GL_TRIANGLES);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glBlendFunc(GL_ONE, GL_SRC_ALPHA_SATURATE);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glBlendEquation(GL_ONE);
   CHECK_GL_ERROR(GL_INVALID_ENUM);

   /* inside glBegin/glEnd: vertex commands are fine, others refused */
   api_glBegin(GL_TRIANGLES);
   api_glColor3f(1, 0, 0);
   api_glNormal3f(0, 0, 1);
   api_glTexCoord2f(0, 0);
   api_glBegin(GL_POINTS);
   api_glEnd();
   CHECK_GL_ERROR(GL_INVALID_OPERATION);

   static const struct { const char *name; int which; } refused[] = {
      { "glShadeModel", 0 }, { "glMatrixMode", 1 }, { "glLoadIdentity", 2 },
      { "glPushMatrix", 3 }, { "glDrawArrays", 4 }, { "glEnableClientState", 5 },
      { "glVertexPointer", 6 }, { "glDepthFunc", 7 }, { "glOrtho", 8 }, { "glClear", 9 },
   };
   for (unsigned i = 0; i < sizeof refused / sizeof refused[0]; i++) {
      api_glBegin(GL_TRIANGLES);
      switch (refused[i].which) {
      case 0: api_glShadeModel(GL_FLAT); break;
      case 1: api_glMatrixMode(GL_PROJECTION); break;
      case 2: api_glLoadIdentity(); break;
      case 3: api_glPushMatrix(); break;
      case 4: api_glDrawArrays(GL_TRIANGLES, 0, 3); break;
      case 5: api_glEnableClientState(GL_VERTEX_ARRAY); break;
      case 6: api_glVertexPointer(3, GL_FLOAT, 0, NULL); break;
      case 7: api_glDepthFunc(GL_ALWAYS); break;
      case 8: api_glOrtho(0, 1, 0, 1, 0, 1); break;
      default: api_glClear(GL_COLOR_BUFFER_BIT); break;
      }
      CHECK(api_glGetError() == GL_NO_ERROR, "glGetError refused inside glBegin");
      api_glEnd();
      GLenum e = api_glGetError();
      CHECK(e == GL_INVALID_OPERATION, "%s inside glBegin/glEnd: 0x%x", refused[i].name, e);
   }
   CHECK(api_glIsEnabled(GL_VERTEX_ARRAY) == GL_FALSE, "refused glEnableClientState");
   api_glPopMatrix();   /* the refused push did nothing */
   CHECK_GL_ERROR(GL_STACK_UNDERFLOW);
}

int
main(void)
{
   struct sw_winsys *ws = null_sw_winsys_create();
   struct pipe_screen *screen = ws ? pipe_loader_create_sw_screen(ws, "refpipe") : NULL;
   if (!screen) {
      fprintf(stderr, "no refpipe screen\n");
      return 1;
   }
   struct st_visual vis = { true, PIPE_FORMAT_B8G8R8A8_UNORM, PIPE_FORMAT_Z24_UNORM_S8_UINT, 0 };
   struct st_context_attribs attribs = { ST_PROFILE_COMPAT, 1, 0, 0, &vis };
   enum st_context_error err;
   struct st_context *ctx = st_context_create(screen, &attribs, NULL, &err);
   CHECK(ctx != NULL, "context (error %d)", err);
   if (!ctx)
      return st_test_finish("st_test_draw");

   struct test_drawable d;
   test_drawable_init(&d, screen, &vis, W, H);
   CHECK(st_make_current(ctx, &d.base, &d.base), "make current");

   api_glMatrixMode(GL_PROJECTION);
   api_glLoadIdentity();
   api_glOrtho(0, W, 0, H, -1, 1);
   api_glMatrixMode(GL_MODELVIEW);
   api_glLoadIdentity();
   CHECK_GL_ERROR(GL_NO_ERROR);

   test_immediate();
   test_depth();
   test_cull();
   test_arrays();
   test_state_misc();
   test_viewport_scissor();
   test_transforms();
   test_default_lighting();
   test_light_values();
   test_light_errors();
   test_errors();

   /* surfaceless: drawing raises GL_INVALID_FRAMEBUFFER_OPERATION */
   CHECK(st_make_current(ctx, NULL, NULL), "surfaceless");
   immediate_tri(&ref_tri);
   CHECK_GL_ERROR(GL_INVALID_FRAMEBUFFER_OPERATION);
   api_glBegin(GL_TRIANGLES);
   api_glEnd();
   CHECK_GL_ERROR(GL_NO_ERROR);

   st_make_current(NULL, NULL, NULL);
   st_framebuffer_iface_destroyed(&d.base);
   st_context_destroy(ctx);
   for (unsigned i = 0; i < ST_ATTACHMENT_COUNT; i++)
      pipe_resource_reference(&d.tex[i], NULL);
   screen->destroy(screen);
   return st_test_finish("st_test_draw");
}
